/**
 * Which models run the prefix check, and how (platform.claude.com, build-with-claude/preserved-thinking
 * and the models' pages). A model not listed runs none: its thinking blocks are never bound.
 */

/** `every-account`: enforced everywhere; `new-accounts`: enforced for accounts created on or after 2026-08-31. */
export type PrefixCheckRule = 'every-account' | 'new-accounts' | 'none';

const RULES: ReadonlyMap<string, PrefixCheckRule> = new Map([
  ['claude-fable-5-2', 'every-account'],
  ['claude-mythos-5-2', 'every-account'],
  ['claude-fable-5-1', 'new-accounts'],
  // The sources disagree: the 5.1 pages say Mythos 5.1 runs no check, the 5.2 page that it errors
  // everywhere. Taken as Fable 5.1, its twin.
  ['claude-mythos-5-1', 'new-accounts'],
  ['claude-opus-5-5', 'new-accounts'],
  ['claude-sonnet-5-5', 'new-accounts'],
  ['claude-haiku-5-5', 'new-accounts'],
]);

/** A model id without a cloud prefix (`global.anthropic.`), a date or a version suffix. */
export function baseModel(model: string): string {
  return model
    .toLowerCase()
    .replace(/^(?:[a-z]{2,6}\.)?anthropic\./, '')
    .replace(/-v\d+(?::\d+)?$/, '')
    .replace(/@\d{8}$/, '')
    .replace(/-\d{8}$/, '');
}

export function prefixCheckRule(model: string): PrefixCheckRule {
  return RULES.get(baseModel(model)) ?? 'none';
}

/** Models whose thinking blocks stay in the context and are billed as input: those that bind them. */
export function preservesThinking(model: string): boolean {
  return prefixCheckRule(model) !== 'none';
}

/** When the account was created: before 2026-08-31 the check runs but lets failing blocks through. */
export type AccountAge = 'new' | 'old';

/** What the request asked for with `thinking.block_binding.prefix_mismatch_behavior`. */
export type MismatchBehavior = 'error' | 'drop_block';

/**
 * What happens to a failing block: `error` (the request gets the 400), `drop` (the block and every
 * later one are dropped), `allow` (let through; reported when the beta header was sent), or
 * `none` (the model runs no check). Setting the behaviour opts in whatever the account's age.
 */
export type CheckOutcome = 'error' | 'drop' | 'allow' | 'none';

export function checkOutcome(model: string, account: AccountAge, behavior?: MismatchBehavior): CheckOutcome {
  const rule = prefixCheckRule(model);
  if (rule === 'none') return 'none';
  if (behavior === 'drop_block') return 'drop';
  if (behavior === 'error' || rule === 'every-account' || account === 'new') return 'error';
  return 'allow';
}

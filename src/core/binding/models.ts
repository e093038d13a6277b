/**
 * Which models run the prefix check, and how (platform.claude.com, build-with-claude/preserved-thinking
 * and the models' pages), as the one per-model table says. A model it does not know runs none.
 */
import { cacheModel, type CacheModel } from '../cache/constants.js';

/** `every-account`: enforced everywhere; `new-accounts`: enforced for accounts created on or after 2026-08-31. */
export type PrefixCheckRule = CacheModel['prefixCheck'];

/** How the model runs the check: the per-model table of src/core/cache (models.ts). */
export function prefixCheckRule(model: string): PrefixCheckRule {
  return cacheModel(model).prefixCheck;
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

import type { Command } from 'commander';
import { GardenerError } from '../../../errors.js';
import { integer } from '../../../core/format/index.js';
import {
  MIN_BUDGET,
  PREFIX_CHECK_SETTINGS,
  type PrefixCheckSetting,
} from '../../../core/garden/constants.js';
import { CLI_SESSION } from '../scope.js';
import { DEFAULT_MODEL } from '../provider/config.js';
import { MAX_CONTEXT_WINDOW } from '../provider/prices.js';

/** What every `--budget` help line says of the limits (chat, proxy, run, compress, bench; /budget too). */
export const BUDGET_RULE = `at least ${integer(MIN_BUDGET)}, at most the model's context window`;

/**
 * An option several doors' commands take. Its help line is `description` (or what the command
 * says it means there), then its `rule`, then its default: `--budget <tokens>  tokens each request
 * must stay under, at least 1,000, … (default: 160,000)`. A command may reword what the option
 * means for it and give its own default; the rule and the check are the table's.
 */
export interface SharedOption {
  /** Commander's flags: `--budget <tokens>`, `--no-redact`. */
  readonly flags: string;
  readonly description: string;
  /** The limits every value obeys, stated in every help line. */
  readonly rule?: string;
  /** The default, when every command has the same one. */
  readonly defaultText?: string;
  /** Checks a value and turns it into what the command uses (a USAGE error naming the flag). */
  readonly parse?: (value: string, context?: never) => unknown;
}

/** The window a `--budget` is checked against: a model's, or the largest any model has. */
interface BudgetWindow {
  tokens: number;
  of: string;
}

/** The largest window of any model: what a budget is checked against when no model is known. */
const ANY_MODEL_WINDOW: BudgetWindow = { tokens: MAX_CONTEXT_WINDOW, of: 'any model' };

/** Parses a whole number flag in [min, max], or throws a USAGE error naming the flag. */
export function intFlag(value: string, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new GardenerError('USAGE', `${flag} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return n;
}

/**
 * A `--budget` value: a whole number from MIN_BUDGET up to the context window, or a USAGE error
 * naming the flag and the window it exceeds.
 */
export function budgetFlag(value: string, window: BudgetWindow = ANY_MODEL_WINDOW): number {
  const n = intFlag(value, '--budget', MIN_BUDGET);
  if (n > window.tokens)
    throw new GardenerError(
      'USAGE',
      `--budget ${integer(n)} is above the context window of ${window.of} (${integer(window.tokens)} tokens)`,
      { hint: `A budget is what each request must stay under: ${BUDGET_RULE}.` },
    );
  return n;
}

/** A `--prefix-check` value, or a USAGE error naming the flag. */
export function prefixCheckFlag(value: string): PrefixCheckSetting {
  if (!(PREFIX_CHECK_SETTINGS as readonly string[]).includes(value))
    throw new GardenerError(
      'USAGE',
      `--prefix-check must be ${PREFIX_CHECK_SETTINGS.join(' or ')} (got "${value}")`,
    );
  return value as PrefixCheckSetting;
}

/** The options several doors share: one place for their flags, help and checks. */
export const SHARED_OPTIONS = {
  budget: {
    flags: '--budget <tokens>',
    description: 'tokens each request must stay under',
    rule: BUDGET_RULE,
    /** The value as a number, or a USAGE error naming the flag (below the minimum, above the window). */
    parse: budgetFlag,
  },
  model: {
    flags: '--model <id>',
    description: 'model id',
    defaultText: `$ANTHROPIC_MODEL, else ${DEFAULT_MODEL}`,
  },
  db: {
    flags: '--db <file>',
    description: 'database file',
    defaultText: '$GARDENER_HOME/gardener.db, else ~/.local/share/gardener/gardener.db',
  },
  project: {
    flags: '--project <name>',
    description: 'project name',
    defaultText: 'the repository root of the working directory, or the directory itself',
  },
  session: {
    flags: '--session <name>',
    description: 'session name',
    defaultText: `$GARDENER_SESSION, else "${CLI_SESSION}"`,
  },
  redact: {
    flags: '--no-redact',
    description: 'store texts as given, without redacting secrets',
  },
  prefixCheck: {
    flags: '--prefix-check <mode>',
    description:
      "auto: on models with preserved thinking, never change what a thinking block sent back was produced after (the API's prefix check); off: an account created before 2026-08-31, where the API lets such blocks through",
    defaultText: 'auto',
    parse: prefixCheckFlag,
  },
} as const satisfies Record<string, SharedOption>;

export type SharedOptionName = keyof typeof SHARED_OPTIONS;

/** How a command takes a shared option: as the table has it (`true`), or with its own wording and default. */
export type OptionUse = true | { about?: string; defaultText?: string };

/** The help line of a shared option as a command uses it. */
export function sharedOptionHelp(name: SharedOptionName, use: OptionUse = true): string {
  const option: SharedOption = SHARED_OPTIONS[name];
  const own = use === true ? {} : use;
  const defaultText = own.defaultText ?? option.defaultText;
  return [
    own.about ?? option.description,
    option.rule === undefined ? '' : `, ${option.rule}`,
    defaultText === undefined ? '' : ` (default: ${defaultText})`,
  ].join('');
}

/**
 * Adds the shared options a command takes, in the table's order: `{ budget: { defaultText: '160,000' },
 * db: true }`. Each door's command declares here which of them it takes.
 */
export function addSharedOptions(
  command: Command,
  uses: Partial<Record<SharedOptionName, OptionUse>>,
): Command {
  for (const name of Object.keys(SHARED_OPTIONS) as SharedOptionName[]) {
    const use = uses[name];
    if (use !== undefined) command.option(SHARED_OPTIONS[name].flags, sharedOptionHelp(name, use));
  }
  return command;
}

import { GardenerError } from '../../../errors.js';
import { integer } from '../../../core/format/index.js';
import { MIN_BUDGET } from '../../../core/garden/constants.js';
import { intFlag } from './store-options.js';

/** What every `--budget` help line says of the limits (chat, proxy, run, compress; /budget too). */
export const BUDGET_RULE = `at least ${integer(MIN_BUDGET)}, at most the model's context window`;

/**
 * A `--budget` value: a whole number from MIN_BUDGET up to the context window, or a USAGE error
 * naming the flag and the window it exceeds.
 */
export function budgetFlag(value: string, window: { tokens: number; of: string }): number {
  const n = intFlag(value, '--budget', MIN_BUDGET);
  if (n > window.tokens)
    throw new GardenerError(
      'USAGE',
      `--budget ${integer(n)} is above the context window of ${window.of} (${integer(window.tokens)} tokens)`,
      { hint: `A budget is what each request must stay under: ${BUDGET_RULE}.` },
    );
  return n;
}

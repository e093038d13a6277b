import { PRICE } from '../../../core/cache/constants.js';

/** US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
}

interface PriceRow extends ModelPrice {
  /** Matched against the model id; the first row that matches wins. */
  match: RegExp;
  family: string;
}

/**
 * List prices by family (Anthropic's pricing page). Opus 4.5 and later cost a third of Opus 4/4.1;
 * ids newer than this table fall back to their family's latest price.
 */
export const PRICE_TABLE: readonly PriceRow[] = [
  {
    family: 'opus-legacy',
    match: /claude-3-opus|claude-opus-4-(?:0|1)\b|claude-opus-4-\d{8}|claude-opus-4$/,
    input: 15,
    output: 75,
  },
  { family: 'opus', match: /opus/, input: 5, output: 25 },
  { family: 'sonnet', match: /sonnet/, input: 3, output: 15 },
  { family: 'haiku-3', match: /claude-3-haiku/, input: 0.25, output: 1.25 },
  { family: 'haiku-3-5', match: /claude-3-5-haiku/, input: 0.8, output: 4 },
  { family: 'haiku', match: /haiku/, input: 1, output: 5 },
];

/** The price of a model, or undefined for an id the table does not know (no guessing). */
export function priceOf(model: string): ModelPrice | undefined {
  const row = PRICE_TABLE.find((candidate) => candidate.match.test(model));
  return row ? { input: row.input, output: row.output } : undefined;
}

/** Token counts in the provider's usage shape. */
export interface PricedUsage {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

/** US dollars of one call; 0 for a model the table does not know. */
export function costOf(usage: PricedUsage, model: string): number {
  const price = priceOf(model);
  if (!price) return 0;
  const inputUnits = usage.input + PRICE.read * usage.cacheRead + PRICE.write5m * usage.cacheWrite;
  return (inputUnits * price.input + usage.output * price.output) / 1_000_000;
}

/** Context window in tokens: 200k for every current model unless the id asks for 1M (`[1m]`). */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** The largest context window of any model (a door that serves many models checks against it). */
export const MAX_CONTEXT_WINDOW = 1_000_000;

export function contextWindowOf(model: string): number {
  return /\[1m\]$/i.test(model) ? MAX_CONTEXT_WINDOW : DEFAULT_CONTEXT_WINDOW;
}

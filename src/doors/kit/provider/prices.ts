import { cacheModel, contextWindow, LONG_WINDOW, STANDARD_WINDOW } from '../../../core/cache/constants.js';

/** US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
}

/** The list price of a model (the core cache model's table), or undefined for an id it does not know. */
export function priceOf(model: string): ModelPrice | undefined {
  const dollars = cacheModel(model).dollars;
  return dollars ? { ...dollars } : undefined;
}

/** Token counts in the provider's usage shape. */
export interface PricedUsage {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

/** US dollars of one call at the model's prices, its cache reads and writes included; 0 for an unknown model. */
export function costOf(usage: PricedUsage, model: string): number {
  const prices = cacheModel(model);
  if (!prices.dollars) return 0;
  const inputUnits = usage.input + prices.read * usage.cacheRead + prices.write5m * usage.cacheWrite;
  return (inputUnits * prices.dollars.input + usage.output * prices.dollars.output) / 1_000_000;
}

/** Context window of a model that has no long one of its own. */
export const DEFAULT_CONTEXT_WINDOW = STANDARD_WINDOW;

/** The largest context window of any model (a door that serves many models checks against it). */
export const MAX_CONTEXT_WINDOW = LONG_WINDOW;

/** Context window in tokens of a model id (1M for the 5.x models, or when the id asks for it: `[1m]`). */
export function contextWindowOf(model: string): number {
  return contextWindow(model);
}

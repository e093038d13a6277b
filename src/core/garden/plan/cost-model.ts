import { DEFAULT_CACHE_MODEL, type CachePrices } from '../../cache/constants.js';

/**
 * The prompt-cache cost model the planner optimises (docs/BENCH.md "cost"), in input-token units at
 * the prices of the one cache model (core/cache).
 *
 * A call costs `read` per token of the prefix the provider still has cached and `write` per token
 * after it. A compaction event changes blocks somewhere in the prefix: every token from the first
 * changed message to the end of what was cached must be written again, `write − read` more per token
 * than reading it. In exchange, each token saved is not read again on every later call
 * (read × saved × horizon), and on a cold cache not even written now (write × saved).
 * Shortening a block also risks that the agent needs it back: a recall round trip, more likely the
 * higher its priority. That risk is priced as LOSS_PER_PRIORITY tokens per priority point (double
 * for a stub, which keeps nothing but the recall hint). Ranking blocks by priority per token saved is
 * exactly the greedy order that minimises this loss for a given saving.
 */

/** The prices the planner weighs (core/cache's per-model table), relative to an uncached input token. */
export type CacheModel = CachePrices;

/** The prices of a model the table does not know: today's defaults (reads 0.1×, 5-minute writes 1.25×). */
export const CACHE_MODEL: CacheModel = DEFAULT_CACHE_MODEL;

/** Expected cost of shortening a block, per priority point: P(needed again) × a recall round trip. */
export const LOSS_PER_PRIORITY = 12;
/** A stub loses about twice what a summary does. */
export const STUB_LOSS_FACTOR = 2;
/**
 * Bounds of the estimated number of calls left in a session. The upper bound is the conservative
 * part: an event late in a long session is priced as if at most this many calls followed, since a
 * session's end cannot be seen coming (docs/BENCH.md § Provenance of tuned constants).
 */
export const MIN_HORIZON = 4;
export const MAX_HORIZON = 24;

/** Calls expected after this one: as many as were made so far (a session half over), within bounds. */
export function horizonCalls(callsSoFar: number, configured?: number): number {
  if (configured !== undefined) return configured;
  return Math.min(MAX_HORIZON, Math.max(MIN_HORIZON, callsSoFar));
}

/** Cost of rewriting `tokens` that the cache held: each costs a write instead of a read. */
export function breakCost(model: CacheModel, tokens: number): number {
  return (model.write5m - model.read) * Math.max(0, tokens);
}

/** Value of `saved` tokens over the calls still to come. */
export function futureValue(model: CacheModel, saved: number, horizon: number): number {
  return model.read * saved * horizon;
}

/** Value of `saved` tokens when the cache is cold: not written now, not read later. */
export function coldValue(model: CacheModel, saved: number, horizon: number): number {
  return model.write5m * saved + futureValue(model, saved, horizon);
}

/**
 * Each name a summary leaves out (compress/names.ts: neither shown nor on its names line) adds this
 * share to the summary's loss: the agent may need any of them; more needles in context for a little
 * cost (docs/BENCH.md § Provenance of tuned constants).
 */
export const LOSS_PER_NAME_LEFT_OUT = 0.05;

/**
 * Loss of one step: original→summary, summary→stub (the rest of a stub's loss) or original→stub.
 * A summary that leaves names out (files, tests, errors it neither shows nor lists) loses more.
 */
export function stepLoss(
  priority: number,
  step: 'summary' | 'stub-after-summary' | 'stub',
  namesLeftOut = 0,
): number {
  const base =
    LOSS_PER_PRIORITY * priority * (step === 'summary' ? 1 + LOSS_PER_NAME_LEFT_OUT * namesLeftOut : 1);
  switch (step) {
    case 'summary':
      return base;
    case 'stub-after-summary':
      return base * (STUB_LOSS_FACTOR - 1);
    case 'stub':
      return base * STUB_LOSS_FACTOR;
  }
}

/**
 * A thinking block left out costs its reasoning (DESIGN "Preserved thinking"): the model may think
 * again to rebuild it, in output tokens. Priced as thinking all of it again at the output price, this
 * many times the input price (Opus 5.5 and Sonnet 5.5: 20/4 and 10/2 dollars per million tokens).
 * Measured against re-reading the tokens it saves (read × horizon ≈ 1.2 at 0.05× reads over 24 calls),
 * leaving reasoning out never pays for itself: a cut is priced by how much of it lies behind.
 */
export const RETHINK_LOSS_PER_TOKEN = 5;

/**
 * A block the model has not read yet loses more as a summary than one it has read: it asked for it
 * now, and what the summary leaves out is what it may look for next. Its step's loss is multiplied so.
 */
export const FIRST_SIGHT_LOSS_FACTOR = 4;

import type { CallUsage, CostSoFar } from './events.js';

/** Input tokens of one call as billed: uncached, cache read and cache write together. */
export function promptTokens(usage: CallUsage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}

export interface CostTracker {
  /**
   * Adds one call: its usage as billed, and the tokens our counter gives the gardened request and
   * the same request unmanaged (every block original). Returns the totals so far.
   */
  add(usage: CallUsage, estimated?: { rendered: number; original: number }): CostSoFar;
  total(): CostSoFar;
  /** Sums of the usage so far. */
  usage(): CallUsage;
}

/**
 * Gardened cost is the provider's usage, priced. Unmanaged cost is what a bare agent would have paid
 * for the same calls: the raw request (scaled by how the provider's count compares with ours on this
 * call) with ideal prompt caching: the previous raw request is read from the cache, only the growth
 * is written; output as billed. It ignores that a bare agent overflows the context window.
 */
export function createCostTracker(
  price: (usage: CallUsage) => number,
  start: CostSoFar = { usd: 0, unmanagedUsd: 0 },
): CostTracker {
  const total: CostSoFar = { ...start };
  const sums: CallUsage = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 };
  // The first call of a process (a resumed session) reads from the cache what the gardened call read.
  let previousRaw: number | undefined;
  return {
    add(usage, estimated) {
      total.usd += price(usage);
      const raw =
        estimated && estimated.rendered > 0
          ? Math.round((estimated.original * promptTokens(usage)) / estimated.rendered)
          : promptTokens(usage);
      const cached = Math.min(previousRaw ?? usage.cacheRead, raw);
      total.unmanagedUsd += price({
        input: 0,
        cacheRead: cached,
        cacheWrite: raw - cached,
        output: usage.output,
      });
      previousRaw = raw;
      sums.input += usage.input;
      sums.cacheRead += usage.cacheRead;
      sums.cacheWrite += usage.cacheWrite;
      sums.output += usage.output;
      return { ...total };
    },
    total: () => ({ ...total }),
    usage: () => ({ ...sums }),
  };
}

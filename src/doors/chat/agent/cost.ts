import { billedTokens, type ModelledBills } from '../../../core/cache/index.js';
import type { CacheUsage } from '../../../core/cache/index.js';
import type { ProviderUsage } from '../../kit/provider/types.js';
import type { CostSoFar } from './events.js';

/** Input tokens of one call as billed: uncached, cache read and cache write together. */
export function promptTokens(usage: ProviderUsage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}

/** One call as the cache model billed it when it was sent (the session's cache track): unmanaged and gardened. */
export interface ModelledCall {
  bills: ModelledBills;
  /** The request unmanaged is over the model's window: it could not have been sent. */
  rawOverWindow: boolean;
}

export interface CostTracker {
  /** Adds one answered call: its usage as billed, and the call as the cache model sees it. Returns the totals. */
  add(usage: ProviderUsage, modelled?: ModelledCall): CostSoFar;
  total(): CostSoFar;
  /** Sums of the usage so far. */
  usage(): ProviderUsage;
}

/**
 * Gardened cost is the provider's usage, priced. Unmanaged cost is what the same call would have
 * cost with every block original: what was paid plus the difference between the cache model's bills
 * of the unmanaged request and of the gardened one (the session's cache track, src/core/cache), at
 * the provider's scale. A call that went out unchanged adds what was paid;
 * so does one whose unmanaged request is over the window (it could not have been sent).
 */
export function createCostTracker(
  price: (usage: ProviderUsage) => number,
  start: CostSoFar = { usd: 0, unmanagedUsd: 0 },
): CostTracker {
  const total: CostSoFar = { ...start };
  const sums: ProviderUsage = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 };
  return {
    add(usage, modelled) {
      const paid = price(usage);
      total.usd += paid;
      total.unmanagedUsd += paid;
      if (modelled) total.unmanagedUsd += modelledDifference(price, usage, modelled);
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

/** What the unmanaged call would have cost more than the gardened one, by the cache model, at the provider's scale. */
function modelledDifference(
  price: (usage: ProviderUsage) => number,
  usage: ProviderUsage,
  { bills, rawOverWindow }: ModelledCall,
): number {
  const counted = billedTokens(bills.sent);
  if (rawOverWindow || counted === 0) return 0;
  return (promptTokens(usage) / counted) * (price(asCall(bills.raw)) - price(asCall(bills.sent)));
}

/** A modelled bill as a call's input usage (1-hour writes priced as writes). */
function asCall(usage: CacheUsage): ProviderUsage {
  return {
    input: usage.uncached,
    cacheRead: usage.read,
    cacheWrite: usage.written5m + usage.written1h,
    output: 0,
  };
}

import { billedTokens } from '../../core/cache/index.js';
import { PRICE, usageCost } from '../../core/cache/index.js';
import type { ModelledBills } from '../../core/cache/index.js';
import type { Usage } from './usage.js';

/**
 * Cost in input-token units (docs/BENCH.md "cost": uncached 1, cache write 1.25, cache read 0.1) of what
 * was sent, from the provider's own usage report.
 */
export function sentCost(usage: Usage): number {
  return usage.input + PRICE.write5m * usage.cacheWrite + PRICE.read * usage.cacheRead;
}

/**
 * What the same call would have cost unmanaged: what was paid, plus the difference the cache model
 * (src/core/cache/prompt-cache.ts) finds between the request as the client sent it and as it went
 * out, in the provider's tokens (`providerTokens` over the model's count of the sent request).
 * Without a modelled bill (passed through as it came) the two are the same request: no difference.
 */
export function unmanagedCost(
  paid: number,
  providerTokens: number,
  modelled: ModelledBills | undefined,
): number {
  if (!modelled) return paid;
  const counted = billedTokens(modelled.sent);
  const scale = counted > 0 ? providerTokens / counted : 1;
  return paid + scale * (usageCost(modelled.raw) - usageCost(modelled.sent));
}

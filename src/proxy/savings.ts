import { CACHE_READ, CACHE_WRITE } from '../garden/cost-model.js';
import type { Usage } from './usage.js';

/**
 * Cost in input-token units (BENCH.md "cost": uncached 1, cache write 1.25, cache read 0.1) of what
 * was sent, from the provider's own usage report.
 */
export function sentCost(usage: Usage): number {
  return usage.input + CACHE_WRITE * usage.cacheWrite + CACHE_READ * usage.cacheRead;
}

/**
 * Estimated cost of the same call sent raw: the raw conversation only ever grows, so what it had at
 * the previous call is read from the cache and only the growth is written. `scale` turns our token
 * estimate into the provider's tokens (its count over ours for the request that was sent).
 */
export function rawCost(rawTokens: number, previousRawTokens: number | undefined, scale = 1): number {
  const cached = previousRawTokens === undefined ? 0 : Math.min(previousRawTokens, rawTokens);
  return scale * (CACHE_READ * cached + CACHE_WRITE * (rawTokens - cached));
}

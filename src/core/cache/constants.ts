/**
 * The cache package's light face: the per-model table (prices, windows, TTLs) for a short process
 * (a flag's check, a footer's price) without loading the simulator. models.ts imports nothing.
 */
export {
  DEFAULT_CACHE_MODEL,
  LONG_WINDOW,
  STANDARD_WINDOW,
  TTL_1H_MS,
  TTL_5M_MS,
  cacheModel,
  contextWindow,
} from './models.js';
export type { CacheModel, CachePrices } from './models.js';

/** The cache package's face: everything outside src/core/cache imports it from here. */
export {
  MAX_CACHE_BREAKPOINTS,
  clientMark,
  compactionFrontier,
  countBreakpoints,
  markBlock,
} from './cache-frontier.js';
export {
  billedTokens,
  createCacheTrack,
  originalUnits,
  placeFrontier,
  recordRequest,
} from './cache-track.js';
export type { CacheTrack, ModelledBills } from './cache-track.js';
export { requestUnits, sharedMessages } from './cache-units.js';
export { PRICE, createPromptCache, usageCost } from './prompt-cache.js';
export type { CacheUnit, CacheUsage, PromptCacheOptions } from './prompt-cache.js';

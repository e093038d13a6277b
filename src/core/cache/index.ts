/** The cache package's face: everything outside src/core/cache imports it from here (or constants.ts). */
export {
  MAX_CACHE_BREAKPOINTS,
  clientMark,
  compactionFrontier,
  countBreakpoints,
  markBlock,
} from './cache-frontier.js';
export { applyMarks, endMarks, ownMarks } from './client-marks.js';
export type { ClientMark, MessageEndMark } from './client-marks.js';
export {
  billedTokens,
  billsCost,
  cachesOf,
  createCacheTrack,
  modelOf,
  originalUnits,
  recordRequest,
} from './cache-track.js';
export type { CacheTrack, ModelledBills } from './cache-track.js';
export { requestUnits, sharedMessages } from './cache-units.js';
export {
  DEFAULT_CACHE_MODEL,
  LONG_WINDOW,
  STANDARD_WINDOW,
  TTL_1H_MS,
  TTL_5M_MS,
  cacheModel,
  contextWindow,
  normaliseModelId,
} from './models.js';
export type { CacheModel, CachePrices } from './models.js';
export { placeBreakpoints } from './place-breakpoints.js';
export type { Placed } from './place-breakpoints.js';
export { MIN_CACHEABLE_TOKENS, createPromptCache, usageCost } from './prompt-cache.js';
export type { CacheUnit, CacheUsage, PromptCache, PromptCacheOptions } from './prompt-cache.js';

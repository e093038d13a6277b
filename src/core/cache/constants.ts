/**
 * The cache package's light face: the prompt cache's prices and lifetime, for a short process (a
 * command's cost line) that should not load the request model (index.ts) to read two numbers.
 */
export { CACHE_TTL_MS, PRICE } from './prompt-cache.js';

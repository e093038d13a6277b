/**
 * The garden's light face: named constants and types a short process needs (a command's help, a
 * flag's check, a price) without loading the engine. Everything else comes through index.ts.
 * It imports only modules that import nothing at run time.
 */

/**
 * The smallest budget any door accepts (`--budget` of chat, proxy, run and compress, and /budget):
 * below it a request holds little more than a system prompt.
 */
export const MIN_BUDGET = 1_000;
export { CACHE_READ, CACHE_WRITE } from './plan/cost-model.js';
export { FIRST_SEND_MIN_TOKENS, summaryAtFirstSend } from './plan/first-send.js';
export { BREAKDOWN_ORDER, type BreakdownClass } from './types.js';

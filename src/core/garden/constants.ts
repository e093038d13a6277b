/**
 * The garden's light face: named constants and types a short process needs (a command's help, a
 * flag's check, a price) without loading the engine. Everything else comes through index.ts.
 */
export { MIN_BUDGET } from './config.js';
export { CACHE_READ, CACHE_WRITE } from './plan/cost-model.js';
export { BREAKDOWN_ORDER, type BreakdownClass } from './types.js';

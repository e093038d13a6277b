/** The tokens package's face: everything outside src/core/tokens imports it from here. */
export { MESSAGE_OVERHEAD, countBlock, countMessage, countRequest } from './count.js';
export type { CountOptions } from './count.js';
export { createEstimateCounter, defaultTokenizer } from './tokenizer.js';
export type { Tokenizer } from './tokenizer.js';

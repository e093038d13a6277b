/** The recall package's face: everything outside src/core/recall imports it from here. */
export { formatRecallText, recallWire } from './format.js';
export type { LinesCommand } from './fold.js';
export { PAGE_CHARS, parseLineRange, readInside } from './inside.js';
export type { InsideOptions, InsideResult, LineRange } from './inside.js';
export { parseQuery } from './query.js';
export { recall } from './recall.js';

/** The format package's face: everything outside src/core/format imports it from here. */
export { change, compact, count, formatBytes, integer } from './numbers.js';
export { textTable } from './table.js';
export { lineSlices, textSlices } from './slices.js';
export { hashJson, hashJsonString, hashText } from './json-hash.js';
export { forEachMatch } from './matches.js';

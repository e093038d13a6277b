/** The lru package's face: a map that keeps its most recently used entries within bounds. */
export { createLru, type Lru, type LruOptions } from './lru.js';

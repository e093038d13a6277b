/**
 * What a command that opens the store loads once it runs, as one module: in the bundled CLI one
 * lazily loaded chunk instead of three (each file the loader fetches costs start-up time).
 */
export { resolveTarget } from '../scope.js';
export { storeSpooledFirst } from '../spooled.js';
export { withStore } from '../store.js';

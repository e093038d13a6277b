/**
 * The classifier's light face: what a short process needs (the class names a store or a recall
 * checks) without loading the classifier. Everything else comes through index.ts.
 */
export { CONTENT_CLASSES, type ContentClass } from './types.js';

/** The classify package's face: everything outside src/core/classify imports it from here. */
export { classify } from './classify.js';
export { languageOfPath } from './language.js';
export { lineShape } from './profile.js';
export { detectTestRunner } from './test-runners.js';
export type { TestRunner } from './test-runners.js';
export { clipLine, resolveCarriageReturns, sample, stripAnsi } from './text.js';
export { hintCommand, hintPath } from './tools.js';
export { CHAIN_LINE, FRAME_LINE, PYTHON_EXCEPTION_LINE, traceStartLanguage } from './traces.js';
export { CONTENT_CLASSES } from './types.js';
export type { ClassifyHints, ContentClass } from './types.js';

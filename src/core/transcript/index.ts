/** The transcript package's face: everything outside src/core/transcript imports it from here. */
export { blockText, contentBlocks, toolResultText } from './blocks.js';
export { commonPrefix, scanBody, scanElements } from './body-scan.js';
export type { BodyShape } from './body-scan.js';
export { exportPieces, exportTranscripts } from './export.js';
export type { StreamedTranscript } from './export.js';
export { isMessageLine, selectBranch, str } from './formats/claude-code-chain.js';
export type { CcLine } from './formats/claude-code-chain.js';
export { isPlainObject } from './formats/json-input.js';
export type { ObservationRules, Unwrapped } from './formats/agent-format.js';
export {
  getFormat,
  isLabelledObservation,
  listFormats,
  observationRules,
  rewrapToolOutput,
  unwrapToolOutput,
} from './formats/registry.js';
export { readInput } from './read-input.js';
export type { ReadInputOptions, ReadInputResult } from './read-input.js';
export { readSessionPaths } from './session-paths.js';
export { INJECT_BEGIN, INJECT_END, neutralizeMarkers, stripInjected, wrapInjected } from './strip.js';
export { stripMessage } from './strip-message.js';
export { toRequest } from './types.js';
export type {
  Block,
  ContentBlockParam,
  MessageParam,
  MessagesRequest,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUnion,
  Transcript,
} from './types.js';
export { validate } from './validate.js';
export type { ValidationIssue, ValidationResult } from './validate.js';

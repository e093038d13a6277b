/** The store package's face: everything outside src/core/store imports it from here. */
export { openStore } from './open.js';
export { DATABASE_FILE, resolveDatabasePath, resolveProject } from './paths.js';
export { redactSecrets } from './redact.js';
export { hintKey } from './hint-key.js';
export type { Candidate, NoteCandidate, SearchScope } from './search.js';
export { isBusyError } from './sqlite-errors.js';
export { NAME_RUN, compoundKey, ftsTokens, identifierParts } from './terms.js';
export { writtenFolderKey } from './folders.js';
export type {
  Entry,
  GardenerStore,
  Note,
  OpenStoreOptions,
  RecallHit,
  RecallOptions,
  RecallResult,
  Scope,
  Store,
  StoreIndex,
  StoreStats,
} from './types.js';
export type { VocabLookup } from './vocab.js';

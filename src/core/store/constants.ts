/**
 * The store's light face: what a short process needs before (or instead of) opening the database —
 * where it is, the project a folder stands for, secrets redacted from text it writes elsewhere —
 * without loading SQLite and the store's code. Everything else comes through index.ts.
 */
export { DATABASE_FILE, resolveDatabasePath, resolveProject } from './paths.js';
export { redactSecrets } from './redact.js';

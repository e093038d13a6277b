import type Database from 'better-sqlite3';
import { GardenerError } from '../../errors.js';
import { isNoteId, normalizeId } from './ids.js';
import { makeIngest } from './ingest.js';
import { makeNotes } from './notes.js';
import { redactor, type Redactor } from './redact.js';
import { ENTRY_COLUMNS, ENTRY_FROM, storedSummary, toEntry, type EntryRow, type SummaryRow } from './rows.js';
import { makeScopes } from './scopes.js';
import { readStateValue, storedStateValue } from './session-state.js';
import { makeSearch, type Search } from './search.js';
import { isBusy, toStoreError, type WrittenSoFar } from './sqlite-errors.js';
import { storeStats } from './stats.js';
import type { GardenerStore, ManifestRow, Scope, StoreIndex } from './types.js';
import { ftsDocFrequency } from './vocab.js';

/** Attempts of a write that SQLite reports busy even after its busy timeout. */
const BUSY_ATTEMPTS = 5;
/** First pause between those attempts; doubles each time. */
const BUSY_PAUSE_MS = 20;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** The index with every search mapped to GardenerErrors and its one write (touch) retried when busy. */
function guardedIndex(
  path: string,
  parts: Pick<StoreIndex, 'search' | 'vocab' | 'writable' | 'now'> & {
    scopes: ReturnType<typeof makeScopes>;
  },
  retryBusy: boolean,
): StoreIndex {
  const { search, vocab, scopes } = parts;
  const guarded: Search = {
    entries: (...args) => guard(path, () => search.entries(...args)),
    byKeys: (...args) => guard(path, () => search.byKeys(...args)),
    byHint: (...args) => guard(path, () => search.byHint(...args)),
    notes: (...args) => guard(path, () => search.notes(...args)),
    coverage: (...args) => guard(path, () => search.coverage(...args)),
    texts: (...args) => guard(path, () => search.texts(...args)),
    touch: (...args) => withRetry(path, () => search.touch(...args), retryBusy),
  };
  return {
    search: guarded,
    vocab: {
      df: (token, cap) => guard(path, () => vocab.df(token, cap)),
      docs: () => guard(path, () => vocab.docs()),
    },
    projectId: (name) => guard(path, () => scopes.projectId(name)),
    sessionIds: (scope) => guard(path, () => scopes.find(scope)),
    writable: parts.writable,
    now: parts.now,
  };
}

/** Runs a write, retrying (when allowed) while the database stays busy, and names the file on failure. */
function withRetry<T>(path: string, write: () => T, retryBusy = true, written?: WrittenSoFar): T {
  for (let attempt = 1; ; attempt++) {
    try {
      return write();
    } catch (error) {
      if (!isBusy(error) || !retryBusy || attempt >= BUSY_ATTEMPTS) throw toStoreError(error, path, written);
      Atomics.wait(pause, 0, 0, BUSY_PAUSE_MS * 2 ** (attempt - 1));
    }
  }
}

function guard<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw toStoreError(error, path);
  }
}

export interface StoreSettings {
  path: string;
  redact: boolean;
  readonly: boolean;
  now: () => number;
  /** Retry busy writes with a blocking pause (false for servers, which retry asynchronously). */
  retryBusy: boolean;
}

function storeStatements(db: Database.Database) {
  return {
    byId: db.prepare<[string], EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE e.id = ?`),
    summaryById: db.prepare<[string], SummaryRow>(
      'SELECT summary, packing, tokens_summary FROM entries WHERE id = ?',
    ),
    byBlockKey: db.prepare<[string, string, string], EntryRow>(
      `SELECT ${ENTRY_COLUMNS}, b.block_key FROM ${ENTRY_FROM} JOIN blocks b ON b.entry_seq = e.seq
     WHERE b.session_id = (SELECT s2.id FROM sessions s2 JOIN projects p2 ON p2.id = s2.project_id WHERE p2.name = ? AND s2.name = ?)
       AND b.block_key = ?`,
    ),
    deactivate: db.prepare<[string]>('UPDATE entries SET active = 0, forgotten = 1 WHERE id = ?'),
    touch: db.prepare<[number, string]>('UPDATE entries SET last_access = max(last_access, ?) WHERE id = ?'),
    anyExpired: db.prepare<[number], { one: number }>(
      'SELECT 1 AS one FROM entries WHERE expires_at IS NOT NULL AND active = 1 AND expires_at <= ? LIMIT 1',
    ),
    expire: db.prepare<[number]>(
      'UPDATE entries SET active = 0 WHERE active = 1 AND expires_at IS NOT NULL AND expires_at <= ?',
    ),
    manifestGet: db.prepare<[string, string], ManifestRow>(
      `SELECT hash, entry_id AS entryId, media_type AS mediaType, bytes, first_seen AS firstSeen FROM manifest
     WHERE project_id = (SELECT id FROM projects WHERE name = ?) AND hash = ?`,
    ),
    manifestPut: db.prepare(
      `INSERT INTO manifest (project_id, hash, entry_id, media_type, bytes, first_seen)
     VALUES (@projectId, @hash, @entryId, @mediaType, @bytes, @now) ON CONFLICT DO NOTHING`,
    ),
    entryExists: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM entries WHERE id = ?'),
    stateGet: db.prepare<[string, string, string], { value: string | Buffer }>(
      `SELECT value FROM session_state WHERE key = ? AND session_id =
       (SELECT s.id FROM sessions s JOIN projects p ON p.id = s.project_id WHERE p.name = ? AND s.name = ?)`,
    ),
    stateSet: db.prepare<[number, string, string | Buffer, number]>(
      `INSERT INTO session_state (session_id, key, value, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (session_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    ),
  };
}

/** What the store's methods share: the database, its statements, scopes and settings. */
interface StoreParts {
  db: Database.Database;
  statements: ReturnType<typeof storeStatements>;
  scopes: ReturnType<typeof makeScopes>;
  settings: StoreSettings;
  redact: Redactor;
}

/** Records an attachment of an existing entry (a NOT_FOUND error when the entry is unknown). */
function putManifest(parts: StoreParts, scope: Scope, row: Omit<ManifestRow, 'firstSeen'>): void {
  const { db, statements, scopes, settings } = parts;
  if (!statements.entryExists.get(row.entryId))
    throw new GardenerError('NOT_FOUND', `no entry ${row.entryId} for attachment ${row.hash}`);
  db.transaction(() => {
    const at = settings.now();
    const { projectId } = scopes.ensure(scope, at);
    statements.manifestPut.run({
      projectId,
      hash: row.hash,
      entryId: row.entryId,
      mediaType: row.mediaType,
      bytes: row.bytes,
      now: at,
    });
  }).immediate();
}

function setSessionState(parts: StoreParts, scope: Scope, key: string, value: string): void {
  const { db, statements, scopes, settings } = parts;
  const stored = storedStateValue(value, parts.redact);
  db.transaction(() => {
    const at = settings.now();
    statements.stateSet.run(scopes.ensure(scope, at).sessionId, key, stored, at);
  }).immediate();
}

/**
 * Reads a session state value and writes what `update` makes of it, in one write transaction, so no
 * other process writes the key in between; `update` returning undefined writes nothing.
 */
function updateSessionState(
  parts: StoreParts,
  scope: Scope,
  key: string,
  update: (current: string | undefined) => string | undefined,
): string | undefined {
  const { db, statements, scopes, settings } = parts;
  return db
    .transaction(() => {
      const row = statements.stateGet.get(key, scope.project, scope.session);
      const next = update(row ? readStateValue(row.value) : undefined);
      if (next === undefined) return undefined;
      const at = settings.now();
      statements.stateSet.run(
        scopes.ensure(scope, at).sessionId,
        key,
        storedStateValue(next, parts.redact),
        at,
      );
      return next;
    })
    .immediate();
}

function closeDatabase(db: Database.Database, writable: boolean): void {
  if (!db.open) return;
  try {
    if (writable) db.pragma('optimize');
  } catch {
    // Best effort: closing must not fail because statistics could not be refreshed.
  }
  db.close();
}

function integrityProblems(db: Database.Database): string[] {
  const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
  return rows.map((r) => r.integrity_check).filter((line) => line !== 'ok');
}

/** The Store over an open, migrated database. Every method maps SQLite failures to GardenerErrors. */
export function createStore(db: Database.Database, settings: StoreSettings): GardenerStore {
  const { path, now } = settings;
  const writable = !settings.readonly;
  const scopes = makeScopes(db);
  const redact = redactor(settings.redact);
  const ingest = writable ? makeIngest({ db, scopes, redact, now }) : undefined;
  const notes = makeNotes(db, scopes, redact, now);
  const search = makeSearch(db);
  const vocab = ftsDocFrequency(db, 'entries_fts', 'SELECT max(seq) AS n FROM entries');
  const statements = storeStatements(db);
  const parts: StoreParts = { db, statements, scopes, settings, redact };

  // What this handle committed: a failure (a full disk) says what is in the store despite it.
  const written: WrittenSoFar = { entries: 0, writes: 0 };
  const write = <T>(what: string, fn: () => T): T => {
    if (!writable)
      throw new GardenerError('USAGE', `cannot ${what}: the store was opened read-only`, { where: path });
    const result = withRetry(path, fn, settings.retryBusy, written);
    written.writes++;
    return result;
  };
  const expireAt = (at: number): number =>
    // Looked up first (partial index) so that opening a store with nothing to expire never writes.
    statements.anyExpired.get(at) ? statements.expire.run(at).changes : 0;
  const entry = (row: EntryRow | undefined) => (row ? toEntry(row) : undefined);

  return {
    path,
    redact,
    ingest: (input) => {
      const result = write('ingest', () => (ingest as NonNullable<typeof ingest>)(input));
      if (!result.deduplicated) written.entries++;
      return result;
    },
    fetch: (id) => guard(path, () => entry(statements.byId.get(normalizeId(id)))),
    summaryOf: (id) => guard(path, () => storedSummary(statements.summaryById.get(normalizeId(id)))),
    findByBlockKey: (scope, blockKey) =>
      guard(path, () => entry(statements.byBlockKey.get(scope.project, scope.session, blockKey))),
    forget: (id) =>
      write('forget', () => {
        const key = normalizeId(id);
        return isNoteId(key) ? notes.forgetNote(key) : statements.deactivate.run(key).changes > 0;
      }),
    touch: (id) => write('touch', () => void statements.touch.run(now(), normalizeId(id))),
    index: guardedIndex(path, { search, vocab, scopes, writable, now }, settings.retryBusy),
    note: (scope, text, options) => write('add a note', () => notes.note(scope, text, options)),
    notes: (scope, options) => guard(path, () => notes.notes(scope, options)),
    getNote: (id) => guard(path, () => notes.getNote(normalizeId(id))),
    manifestGet: (scope, hash) => guard(path, () => statements.manifestGet.get(scope.project, hash)),
    manifestPut: (scope, row) => write('record an attachment', () => putManifest(parts, scope, row)),
    sessionStateGet: (scope, key) =>
      guard(path, () => {
        const row = statements.stateGet.get(key, scope.project, scope.session);
        return row ? readStateValue(row.value) : undefined;
      }),
    sessionStateSet: (scope, key, value) =>
      write('save session state', () => setSessionState(parts, scope, key, value)),
    sessionStateUpdate: (scope, key, update) =>
      write('save session state', () => updateSessionState(parts, scope, key, update)),
    stats: (scope) => guard(path, () => storeStats(db, path, scope)),
    expire: (at) => write('expire entries', () => expireAt(at ?? now())),
    check: () => guard(path, () => integrityProblems(db)),
    hasProject: (name) => guard(path, () => scopes.projectId(name) !== undefined),
    close: () => closeDatabase(db, writable),
  };
}

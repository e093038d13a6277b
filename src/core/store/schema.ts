import type Database from 'better-sqlite3';
import { GardenerError } from '../../errors.js';

/** `PRAGMA application_id` of a gardener database ("gard"): tells ours from other SQLite files. */
export const APPLICATION_ID = 0x67617264;

/**
 * Migrations, in order; `PRAGMA user_version` holds how many have run. Append only: never edit a
 * migration that has shipped.
 *
 * entries: one row per distinct content within a project (`content_hash`); `blocks` maps each
 * (session, block key) to its entry, so a deduplicated entry is still found from every session.
 * Texts of 256 bytes or more are stored raw-deflated when that saves space (`packing` bits; see
 * packing.ts). entries_fts is contentless (the text lives once, in entries) and holds active
 * entries only: triggers add a row on insert (unpacking with `gardener_unpack`, which every
 * gardener connection registers) and remove it on soft delete. Its `scope` column carries
 * `p<project id> c<class>` tokens so scope and class filters run inside the index.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE projects (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    created_at  INTEGER NOT NULL
  );
  CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY,
    project_id  INTEGER NOT NULL REFERENCES projects(id),
    name        TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    UNIQUE (project_id, name)
  );
  CREATE TABLE entries (
    seq             INTEGER PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    project_id      INTEGER NOT NULL REFERENCES projects(id),
    session_id      INTEGER NOT NULL REFERENCES sessions(id),
    class           TEXT NOT NULL CHECK (class IN ('log', 'code', 'structured', 'prose', 'prompt', 'error')),
    kind            TEXT NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'media')),
    source_tool     TEXT,
    source_path     TEXT,
    original        BLOB NOT NULL,
    summary         BLOB NOT NULL,
    packing         INTEGER NOT NULL DEFAULT 0,
    terms           TEXT NOT NULL DEFAULT '',
    tokens_original INTEGER NOT NULL CHECK (tokens_original >= 0),
    tokens_summary  INTEGER NOT NULL CHECK (tokens_summary >= 0),
    priority        INTEGER NOT NULL CHECK (priority BETWEEN 0 AND 100),
    created_at      INTEGER NOT NULL,
    last_access     INTEGER NOT NULL,
    ttl_ms          INTEGER CHECK (ttl_ms IS NULL OR ttl_ms > 0),
    expires_at      INTEGER,
    active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    content_hash    TEXT NOT NULL,
    redactions      INTEGER NOT NULL DEFAULT 0,
    UNIQUE (project_id, content_hash)
  );
  CREATE INDEX entries_scope ON entries (project_id, active, class, created_at);
  CREATE INDEX entries_expiry ON entries (expires_at) WHERE expires_at IS NOT NULL AND active = 1;

  CREATE TABLE blocks (
    session_id  INTEGER NOT NULL REFERENCES sessions(id),
    block_key   TEXT NOT NULL,
    entry_seq   INTEGER NOT NULL REFERENCES entries(seq),
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (session_id, block_key)
  ) WITHOUT ROWID;
  CREATE INDEX blocks_entry ON blocks (entry_seq, session_id);

  CREATE VIRTUAL TABLE entries_fts USING fts5(
    original, summary, source_path, terms, scope,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  );

  CREATE TRIGGER entries_ai AFTER INSERT ON entries WHEN NEW.active = 1 BEGIN
    INSERT INTO entries_fts (rowid, original, summary, source_path, terms, scope)
    VALUES (NEW.seq, CASE NEW.kind WHEN 'media' THEN '' ELSE gardener_unpack(NEW.original, NEW.packing & 1) END,
            gardener_unpack(NEW.summary, NEW.packing & 2),
            coalesce(NEW.source_path, ''), NEW.terms, 'p' || NEW.project_id || ' c' || NEW.class);
  END;
  CREATE TRIGGER entries_forget AFTER UPDATE OF active ON entries WHEN OLD.active = 1 AND NEW.active = 0 BEGIN
    DELETE FROM entries_fts WHERE rowid = OLD.seq;
  END;
  CREATE TRIGGER entries_revive AFTER UPDATE OF active ON entries WHEN OLD.active = 0 AND NEW.active = 1 BEGIN
    INSERT INTO entries_fts (rowid, original, summary, source_path, terms, scope)
    VALUES (NEW.seq, CASE NEW.kind WHEN 'media' THEN '' ELSE gardener_unpack(NEW.original, NEW.packing & 1) END,
            gardener_unpack(NEW.summary, NEW.packing & 2),
            coalesce(NEW.source_path, ''), NEW.terms, 'p' || NEW.project_id || ' c' || NEW.class);
  END;
  CREATE TRIGGER entries_ad AFTER DELETE ON entries WHEN OLD.active = 1 BEGIN
    DELETE FROM entries_fts WHERE rowid = OLD.seq;
  END;
  CREATE TRIGGER entries_immutable BEFORE UPDATE OF
    original, summary, packing, source_path, terms, class, kind, project_id, content_hash ON entries BEGIN
    SELECT RAISE(ABORT, 'gardener entries are immutable');
  END;

  CREATE TABLE notes (
    seq         INTEGER PRIMARY KEY,
    id          TEXT NOT NULL UNIQUE,
    project_id  INTEGER NOT NULL REFERENCES projects(id),
    session_id  INTEGER NOT NULL REFERENCES sessions(id),
    text        TEXT NOT NULL,
    tags        TEXT NOT NULL DEFAULT '',
    terms       TEXT NOT NULL DEFAULT '',
    pinned      INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
    created_at  INTEGER NOT NULL,
    active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    redactions  INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX notes_scope ON notes (project_id, active, created_at);
  CREATE VIRTUAL TABLE notes_fts USING fts5(
    text, tags, terms, scope,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER notes_ai AFTER INSERT ON notes WHEN NEW.active = 1 BEGIN
    INSERT INTO notes_fts (rowid, text, tags, terms, scope)
    VALUES (NEW.seq, NEW.text, NEW.tags, NEW.terms, 'p' || NEW.project_id);
  END;
  CREATE TRIGGER notes_forget AFTER UPDATE OF active ON notes WHEN OLD.active = 1 AND NEW.active = 0 BEGIN
    DELETE FROM notes_fts WHERE rowid = OLD.seq;
  END;
  CREATE TRIGGER notes_ad AFTER DELETE ON notes WHEN OLD.active = 1 BEGIN
    DELETE FROM notes_fts WHERE rowid = OLD.seq;
  END;

  CREATE TABLE session_state (
    session_id  INTEGER NOT NULL REFERENCES sessions(id),
    key         TEXT NOT NULL,
    value       TEXT NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (session_id, key)
  ) WITHOUT ROWID;

  CREATE TABLE manifest (
    project_id  INTEGER NOT NULL REFERENCES projects(id),
    hash        TEXT NOT NULL,
    entry_id    TEXT NOT NULL REFERENCES entries(id),
    media_type  TEXT NOT NULL,
    bytes       INTEGER NOT NULL,
    first_seen  INTEGER NOT NULL,
    PRIMARY KEY (project_id, hash)
  ) WITHOUT ROWID;
  `,
  // Forgetting is a tombstone: the same content ingested again stays inactive (expiry is not one).
  `
  ALTER TABLE entries ADD COLUMN forgotten INTEGER NOT NULL DEFAULT 0 CHECK (forgotten IN (0, 1));
  `,
  // How many names (files, tests, errors, identifiers in backticks, long numbers) the original holds:
  // recall ranks entries that name things a little higher. NULL for entries stored before.
  `
  ALTER TABLE entries ADD COLUMN names INTEGER CHECK (names IS NULL OR names >= 0);
  `,
  // Whether a call produced the text (a tool's output, also in formats without tool blocks, where the
  // agent's message holds the call): recall then never takes it for the agent's own words. NULL for
  // entries stored before.
  `
  ALTER TABLE entries ADD COLUMN from_call INTEGER CHECK (from_call IS NULL OR from_call IN (0, 1));
  `,
  // What produced the text, in a line (the command, what a search asked for): a recall hit says it, since
  // a window of a file printed by `sed -n` or `cat` does not say which file. NULL when no call did, or
  // for entries stored before.
  `
  ALTER TABLE entries ADD COLUMN call_line TEXT;
  `,
  // The recall hint a stub prints for the entry, as hint-key.ts keys it: the stub's own query then
  // names the entry it stands for. NULL when no hint was given, or for entries stored before.
  `
  ALTER TABLE entries ADD COLUMN hint_key TEXT;
  CREATE INDEX entries_hint ON entries (project_id, hint_key) WHERE hint_key IS NOT NULL;
  `,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the schema up to date inside one write transaction, so concurrent first openings
 * migrate exactly once. Refuses databases from a newer gardener and SQLite files of other programs.
 */
export function migrate(db: Database.Database, path: string): void {
  const run = db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    const appId = db.pragma('application_id', { simple: true }) as number;
    if (appId !== 0 && appId !== APPLICATION_ID) throw notOurs(path);
    if (version > SCHEMA_VERSION) {
      throw new GardenerError(
        'STORE_UNAVAILABLE',
        `database schema version ${version} is newer than this gardener understands (${SCHEMA_VERSION})`,
        {
          where: path,
          hint: 'Upgrade gardener, or pass --db to use another database file.',
        },
      );
    }
    if (version === SCHEMA_VERSION) return;
    if (version === 0) {
      const tables = db
        .prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'`)
        .get() as { n: number };
      if (tables.n > 0) throw notOurs(path);
      db.pragma(`application_id = ${APPLICATION_ID}`);
    }
    for (let v = version; v < SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v] ?? '');
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  });
  run.immediate();
}

function notOurs(path: string): GardenerError {
  return new GardenerError('STORE_UNAVAILABLE', 'this SQLite file is not a gardener database', {
    where: path,
    hint: 'Pass --db with another path (gardener never overwrites a file it did not create).',
  });
}

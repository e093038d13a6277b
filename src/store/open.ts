import { closeSync, constants, mkdirSync, openSync, readSync, statSync, accessSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { debug } from '../debug.js';
import { GardenerError } from '../errors.js';
import { registerFunctions } from './packing.js';
import { resolveDatabasePath } from './paths.js';
import { migrate, SCHEMA_VERSION } from './schema.js';
import { corruptHint, toStoreError } from './sqlite-errors.js';
import { createStore } from './store.js';
import type { GardenerStore, OpenStoreOptions } from './types.js';

/** How long a connection waits for another process's write before SQLite reports busy. */
export const BUSY_TIMEOUT_MS = 10_000;
const SQLITE_HEADER = 'SQLite format 3\0';

/** Creates the file (mode 0600) and its folder (0700) when absent; never touches an existing file. */
function createIfAbsent(path: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    closeSync(openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_RDWR, 0o600));
    debug('store', 'created database', { path });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw toStoreError(error, path);
  }
}

/** Refuses, with a clear message, anything that is not a readable, writable SQLite file. */
function checkFile(path: string, readonly: boolean): void {
  let size: number;
  try {
    const info = statSync(path);
    if (!info.isFile())
      throw Object.assign(new Error('not a regular file'), {
        code: info.isDirectory() ? 'EISDIR' : 'ENOENT',
      });
    accessSync(path, readonly ? constants.R_OK : constants.R_OK | constants.W_OK);
    size = info.size;
  } catch (error) {
    throw toStoreError(error, path);
  }
  if (size === 0) return;
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1') !== SQLITE_HEADER) {
    throw new GardenerError(
      'STORE_CORRUPT',
      'this file is not a SQLite database (damaged, or something else)',
      {
        where: path,
        hint: corruptHint(path),
      },
    );
  }
}

/**
 * Opens (creating on first use) the gardener database: WAL, busy timeout, foreign keys, schema
 * migrated, entries past their TTL swept. A damaged, foreign or unreadable file is an error naming
 * it and what to do; it is never replaced.
 */
export function openStore(options: OpenStoreOptions = {}): GardenerStore {
  const path = options.path ?? resolveDatabasePath({ env: options.env ?? process.env });
  const readonly = options.readonly === true;
  const memory = path === ':memory:';
  if (!memory) {
    if (readonly) {
      try {
        statSync(path);
      } catch {
        throw new GardenerError('STORE_UNAVAILABLE', 'no gardener database here yet', {
          where: path,
          hint: 'It is created on first use (ingest, note, or any command without a read-only flag), or pass --db.',
        });
      }
    } else createIfAbsent(path);
    checkFile(path, readonly);
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(path, {
      readonly,
      fileMustExist: !memory,
      timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
    });
    if (!readonly && !memory) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    registerFunctions(db);
    if (readonly) checkVersion(db, path);
    else migrate(db, path);
    const store = createStore(db, {
      path,
      readonly,
      redact: options.redact !== false,
      now: options.now ?? Date.now,
      retryBusy: options.retryBusy !== false,
    });
    if (!readonly) store.expire();
    return store;
  } catch (error) {
    db?.close();
    throw toStoreError(error, path);
  }
}

function checkVersion(db: Database.Database, path: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== SCHEMA_VERSION) {
    throw new GardenerError(
      'STORE_UNAVAILABLE',
      `database schema version ${version} is not the one this gardener reads (${SCHEMA_VERSION})`,
      {
        where: path,
        hint:
          version < SCHEMA_VERSION ? 'Open it once without read-only to upgrade it.' : 'Upgrade gardener.',
      },
    );
  }
}

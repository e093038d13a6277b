import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { debug } from '../../debug.js';
import { GardenerError } from '../../errors.js';
import { registerFunctions } from './packing.js';
import { resolveDatabasePath } from './paths.js';
import { migrate, SCHEMA_VERSION } from './schema.js';
import { toStoreError } from './sqlite-errors.js';
import { changedSinceVerified, checkHeader, quickCheck, recordVerified } from './damage.js';
import { createStore } from './store.js';
import type { GardenerStore, OpenStoreOptions } from './types.js';

/** How long a connection waits for another process's write before SQLite reports busy. */
export const BUSY_TIMEOUT_MS = 10_000;

/**
 * Creates the database (mode 0600, folder 0700) when absent, atomically: it is built and migrated
 * in a temporary file, then linked into place (link fails if another process got there first).
 * So no gardener ever leaves an empty file at the path, and an empty file there is never ours to
 * replace. An existing file is never touched.
 */
function createIfAbsent(path: string): void {
  if (existsSync(path)) return;
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    closeSync(openSync(temp, constants.O_CREAT | constants.O_EXCL | constants.O_RDWR, 0o600));
    const db = new Database(temp);
    try {
      db.pragma('journal_mode = WAL');
      registerFunctions(db);
      migrate(db, path);
    } finally {
      db.close();
    }
    linkSync(temp, path);
    debug('store', 'created database', { path });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw toStoreError(error, path);
  } finally {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The folder itself could not be made: the error above says so.
    }
  }
}

/** Refuses, with a clear message, anything that is not a readable, writable, sane SQLite file. */
function checkFile(path: string, readonly: boolean): boolean {
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
  return checkHeader(path, size);
}

/**
 * Opens (creating on first use) the gardener database: WAL, busy timeout, foreign keys, schema
 * migrated, entries past their TTL swept. A damaged, foreign or unreadable file is an error naming
 * it and what to do; it is never replaced.
 */
export function openStore(options: OpenStoreOptions = {}): GardenerStore {
  const path = options.path ?? resolveDatabasePath({ env: options.env ?? process.env });
  const memory = path === ':memory:';
  const readonly =
    options.readonly === true || (options.readonlyFallback === true && !memory && readOnlyFile(path));
  let suspect = false;
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
    suspect = checkFile(path, readonly);
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(path, {
      readonly,
      fileMustExist: !memory,
      timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
    });
    // Before anything that could write: a damaged file is refused as it is.
    if (!memory && (suspect || changedSinceVerified(path))) quickCheck(db, path);
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
    if (memory) return store;
    return {
      ...store,
      close: () => {
        store.close();
        recordVerified(path);
      },
    };
  } catch (error) {
    db?.close();
    throw toStoreError(error, path);
  }
}

/** True for an existing file this process may read but not write (a read can still be served). */
function readOnlyFile(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
  } catch {
    return false; // missing or unreadable: the usual open says which
  }
  try {
    accessSync(path, constants.W_OK);
    return false;
  } catch {
    debug('store', 'database not writable; opened read-only', { path });
    return true;
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

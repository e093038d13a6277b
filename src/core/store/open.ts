import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
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

let addon: string | null | undefined;

/**
 * Opens a database with better-sqlite3's addon named where its install builds it. Left to find it,
 * better-sqlite3 asks the `bindings` package, which reads a stack trace and tries paths until one
 * loads (failed requires included): a few milliseconds of every short process. An addon elsewhere
 * (another build layout) is still found that way.
 */
function sqlite(path: string | Buffer, options: Database.Options = {}): Database.Database {
  if (addon === undefined) {
    try {
      addon = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
    } catch {
      addon = null;
    }
  }
  return new Database(path, addon === null ? options : { ...options, nativeBinding: addon });
}

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
    const db = sqlite(temp);
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
 * it and what to do; it is never replaced. Read-only, in a folder it may not write, it reads a
 * snapshot of the file (docs/ARCHITECTURE.md, "A read-only store").
 */
export function openStore(options: OpenStoreOptions = {}): GardenerStore {
  const path = options.path ?? resolveDatabasePath({ env: options.env ?? process.env });
  const memory = path === ':memory:';
  const readonly =
    options.readonly === true || (options.readonlyFallback === true && !memory && mayNotWrite(path));
  let suspect = false;
  if (!memory) {
    if (readonly) mustExist(path);
    else {
      createIfAbsent(path);
      refuseReadOnly(path);
    }
    suspect = checkFile(path, readonly);
  }
  let db: Database.Database | undefined;
  try {
    db =
      readonly && !memory && needsSnapshot(path)
        ? openSnapshot(path)
        : sqlite(path, {
            readonly,
            fileMustExist: !memory,
            timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS,
          });
    // Before anything that could write: a damaged file is refused as it is.
    if (!memory && (suspect || changedSinceVerified(path))) quickCheck(db, path);
    if (!readonly && !memory) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    if (options.cacheKiB !== undefined)
      db.pragma(`cache_size = ${-Math.max(1, Math.floor(options.cacheKiB))}`);
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

function mustExist(path: string): void {
  try {
    statSync(path);
  } catch {
    throw new GardenerError('STORE_UNAVAILABLE', 'no gardener database here yet', {
      where: path,
      hint: 'It is created on first use (ingest, note, or any command without a read-only flag), or pass --db.',
    });
  }
}

const READ_ONLY_HINT =
  'Commands that only read (recall, show, stats, note --list) still work. To write, make the file and its folder writable, or pass --db with another file.';

/** A write to a file or folder this process may not write is refused before SQLite is asked. */
function refuseReadOnly(path: string): void {
  if (!writable(path) && existsSync(path))
    throw new GardenerError('STORE_UNAVAILABLE', 'the database cannot be written: the file is read-only', {
      where: path,
      hint: READ_ONLY_HINT,
    });
  if (!writable(dirname(path)) && !walFilesExist(path))
    throw new GardenerError(
      'STORE_UNAVAILABLE',
      `the database cannot be written: its folder ${dirname(path)} is read-only (SQLite keeps its -wal and -shm files beside the database)`,
      { where: path, hint: READ_ONLY_HINT },
    );
}

/** True for an existing file this process may read but not write, or whose folder it may not write. */
function mayNotWrite(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
  } catch {
    return false; // missing or unreadable: the usual open says which
  }
  if (writable(path) && writable(dirname(path))) return false;
  debug('store', 'database or its folder not writable; opened read-only', { path });
  return true;
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function walFilesExist(path: string): boolean {
  return existsSync(`${path}-wal`) && existsSync(`${path}-shm`);
}

/**
 * SQLite reads a WAL database read-only only when its -wal and -shm files exist or can be made
 * (https://sqlite.org/wal.html#readonly); in a folder it may not write, neither holds.
 */
function needsSnapshot(path: string): boolean {
  return !writable(dirname(path)) && !walFilesExist(path);
}

/** Byte offsets of the header's write and read format versions: 2 is WAL, 1 is a rollback journal. */
const FORMAT_VERSION_BYTES = [18, 19] as const;

/**
 * The database read into memory, its header marked as a rollback-journal file (an in-memory copy
 * keeps no WAL), opened read-only. Changes still in a -wal file cannot be read without its -shm:
 * that is an error, not a stale answer.
 */
function openSnapshot(path: string): Database.Database {
  let pending = 0;
  try {
    pending = statSync(`${path}-wal`).size;
  } catch {
    // No WAL file: everything is in the database file.
  }
  if (pending > 0)
    throw new GardenerError(
      'STORE_UNAVAILABLE',
      `the database has changes in ${path}-wal that cannot be read while its folder is read-only`,
      {
        where: path,
        hint: 'Run any gardener command once where the folder is writable, so SQLite folds them into the file.',
      },
    );
  const bytes = readFileSync(path);
  for (const offset of FORMAT_VERSION_BYTES) bytes[offset] = 1;
  debug('store', 'folder not writable; reading a snapshot of the database', { path, bytes: bytes.length });
  return sqlite(bytes, { readonly: true });
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

/**
 * Damage detection on open, without touching the database file: a header check on every open
 * (microseconds), and SQLite's `quick_check` (it reads every page: ~0.6–1 s on a 100k-entry,
 * 110 MB store) only when the file changed since gardener last closed it cleanly. The state at
 * that close is a stamp (size and mtime of the file and its WAL) in a sidecar `<db>-verified`.
 */
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type Database from 'better-sqlite3';
import { debug } from '../../debug.js';
import { GardenerError } from '../../errors.js';
import { corruptHint } from './sqlite-errors.js';

const SQLITE_HEADER = 'SQLite format 3\0';
/** Bytes of the database header read (https://sqlite.org/fileformat.html#the_database_header). */
const HEADER_BYTES = 100;

function corrupt(path: string, what: string): GardenerError {
  return new GardenerError('STORE_CORRUPT', `the gardener database is damaged (${what})`, {
    where: path,
    hint: corruptHint(path),
  });
}

/**
 * Refuses a file whose header is not a sane SQLite header for its size. Reads 100 bytes. Returns
 * true when only the size looks wrong while a WAL file exists: another process may be in the middle
 * of a checkpoint (the header already counts pages the file does not hold yet), so the caller must
 * decide with `quick_check`, which reads under SQLite's locks.
 */
export function checkHeader(path: string, size: number): boolean {
  if (size === 0) throw corrupt(path, 'the file is empty (0 bytes); gardener will not replace it');
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1', 0, SQLITE_HEADER.length) !== SQLITE_HEADER)
    throw new GardenerError(
      'STORE_CORRUPT',
      'this file is not a SQLite database (damaged, or something else)',
      {
        where: path,
        hint: corruptHint(path),
      },
    );
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0)
    throw corrupt(path, `page size ${raw} in its header`);
  // Payload fractions are fixed by the file format.
  if (header[21] !== 64 || header[22] !== 32 || header[23] !== 32)
    throw corrupt(path, 'its header is scrambled');
  const sizeProblem = (what: string): boolean => {
    if (existsSync(`${path}-wal`)) return true;
    throw corrupt(path, what);
  };
  if (size % pageSize !== 0)
    return sizeProblem(`${size} bytes is not a whole number of ${pageSize}-byte pages`);
  // The page count in the header is valid when its change counter matches "version valid for".
  const pages = header.readUInt32BE(28);
  if (header.readUInt32BE(24) === header.readUInt32BE(92) && pages * pageSize > size)
    return sizeProblem(`its header counts ${pages} pages, the file holds ${size / pageSize}`);
  return false;
}

interface Stamp {
  size: number;
  mtimeMs: number;
  walSize: number;
  walMtimeMs: number;
}

function currentStamp(path: string): Stamp {
  const main = statSync(path);
  let wal: { size: number; mtimeMs: number } = { size: 0, mtimeMs: 0 };
  try {
    wal = statSync(`${path}-wal`);
  } catch {
    // No WAL file: nothing pending.
  }
  return { size: main.size, mtimeMs: main.mtimeMs, walSize: wal.size, walMtimeMs: wal.mtimeMs };
}

const stampFile = (path: string): string => `${path}-verified`;

/** True when the file is not as gardener left it at its last clean close (or was never verified). */
export function changedSinceVerified(path: string): boolean {
  try {
    const saved = JSON.parse(readFileSync(stampFile(path), 'utf8')) as Partial<Stamp>;
    const now = currentStamp(path);
    return (Object.keys(now) as Array<keyof Stamp>).some((key) => saved[key] !== now[key]);
  } catch {
    return true;
  }
}

/** Runs `quick_check` and refuses the store when it finds anything (the file is only read). */
export function quickCheck(db: Database.Database, path: string): void {
  const started = performance.now();
  const rows = db.pragma('quick_check') as Array<{ quick_check: string }>;
  const problems = rows.map((r) => r.quick_check).filter((line) => line !== 'ok');
  debug('store', 'quick_check', {
    path,
    ms: Math.round(performance.now() - started),
    problems: problems.length,
  });
  if (problems.length > 0) throw corrupt(path, problems.slice(0, 3).join('; '));
}

/** Records the file as verified, after a clean close (best effort: a failure only costs a check). */
export function recordVerified(path: string): void {
  const temp = `${stampFile(path)}.${process.pid}`;
  try {
    writeFileSync(temp, JSON.stringify(currentStamp(path)), { mode: 0o600 });
    renameSync(temp, stampFile(path));
  } catch (error) {
    // A write that failed (a full disk) may have made the file: it goes, the stamp stays unrecorded.
    rmSync(temp, { force: true });
    debug('store', 'could not record the verified stamp', { path, message: String(error) });
  }
}

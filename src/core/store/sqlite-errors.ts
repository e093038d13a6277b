import { GardenerError, isGardenerError } from '../../errors.js';

/** What to do about a damaged database; the file itself is never touched. */
export function corruptHint(path: string): string {
  return (
    `gardener will not replace it. Move it aside (mv '${path}' '${path}.broken') to start a new store, ` +
    `or pass --db to use another file; 'sqlite3 ${path} .recover' may salvage its contents.`
  );
}

/** SQLite error codes (better-sqlite3 puts the extended code name in `code`). */
function sqliteCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isBusy(error: unknown): boolean {
  const code = sqliteCode(error);
  return code !== undefined && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** A store error (or a raw SQLite one) caused by another process holding the write lock. */
export function isBusyError(error: unknown): boolean {
  if (isBusy(error)) return true;
  return isGardenerError(error) && error.code === 'STORE_UNAVAILABLE' && isBusy(error.cause);
}

/** What a store handle committed before a write failed (each write is one transaction: whole or not at all). */
export interface WrittenSoFar {
  /** New entries stored (original and summary together). */
  entries: number;
  /** Writes committed of any kind (entries, notes, session state). */
  writes: number;
}

/** What to do about a full disk, and what is in the store despite it. */
function fullDiskHint(written: WrittenSoFar | undefined): string {
  if (written === undefined || written.writes === 0) return 'Free some space; nothing was written.';
  if (written.entries === 0) return 'Free some space; no entry was stored.';
  const entries = written.entries === 1 ? '1 entry was' : `${written.entries} entries were`;
  return `Free some space. ${entries} stored before the disk filled (each whole, with its summary); what came after was not.`;
}

/**
 * Turns a SQLite (or file system) failure into a GardenerError naming the database file.
 * GardenerErrors pass through; anything unrecognized stays an internal error with its cause.
 */
export function toStoreError(error: unknown, path: string, written?: WrittenSoFar): GardenerError {
  if (isGardenerError(error)) return error;
  const code = sqliteCode(error) ?? '';
  const detail = error instanceof Error ? error.message : String(error);
  if (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB')) {
    return new GardenerError(
      'STORE_CORRUPT',
      `the gardener database is damaged or not a database (${detail})`,
      {
        where: path,
        hint: corruptHint(path),
        cause: error,
      },
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new GardenerError(
      'STORE_UNAVAILABLE',
      `the database stayed locked by another process (${detail})`,
      {
        where: path,
        hint: 'Another gardener is holding a long write; try again, or look for a stuck process.',
        cause: error,
      },
    );
  }
  if (
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_PERM') ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    code === 'EROFS'
  ) {
    return new GardenerError('STORE_UNAVAILABLE', `the database cannot be written (${detail})`, {
      where: path,
      hint: 'Check the permissions of the file and its folder (gardener needs read and write access), or pass --db.',
      cause: error,
    });
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') {
    return new GardenerError('STORE_UNAVAILABLE', `the database cannot be opened (${detail})`, {
      where: path,
      hint: 'Check that the path is a file in a folder you can write to, or pass --db with another path.',
      cause: error,
    });
  }
  if (code.startsWith('SQLITE_FULL') || code === 'ENOSPC') {
    return new GardenerError('STORE_UNAVAILABLE', `the disk holding the database is full (${detail})`, {
      where: path,
      hint: fullDiskHint(written),
      cause: error,
    });
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return new GardenerError('STORE_UNAVAILABLE', `reading or writing the database failed (${detail})`, {
      where: path,
      hint: 'Check the disk and the file; gardener left the database as it was.',
      cause: error,
    });
  }
  return new GardenerError('INTERNAL', `store operation failed: ${detail}`, { where: path, cause: error });
}

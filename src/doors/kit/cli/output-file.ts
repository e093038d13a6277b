import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, readlink, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { GardenerError } from '../../../errors.js';
import { gathered } from './output.js';

/** Symbolic links followed at most, as the kernel does (ELOOP past it). */
const MAX_LINKS = 40;
/** A new temporary file is private until it takes the target's mode (or the umask's, for a new file). */
const TEMP_MODE = 0o600;

/**
 * Writes the output to `file` as the user means it:
 * - a regular file (or none yet) gets the whole text or nothing: a temporary file beside it, renamed
 *   over it; an existing file keeps its mode (and, when this process may, its owner), a new one gets
 *   the umask's mode;
 * - a symbolic link is followed: its target is written, the link stays;
 * - a FIFO, a character device or a socket is written into as it is (opened for writing, never
 *   created, truncated or replaced): `-o /dev/stdout`, `-o /dev/null`, a named pipe;
 * - a directory is an error.
 * The text may come in pieces (gathered into larger writes), so a large output is never held whole; a
 * piece that fails to come (its maker threw) leaves no file and fails with its own error.
 */
export async function writeOutputFile(file: string, text: string | Iterable<string>): Promise<void> {
  const target = await unwritable(file, followLinks(file));
  const existing = await unwritable(file, statOrNothing(target));
  if (existing?.isDirectory())
    throw new GardenerError('OUTPUT_UNWRITABLE', 'cannot write the output: it is a directory', {
      where: file,
    });
  if (existing && !existing.isFile()) return writeInPlace(file, target, text);
  return writeReplacing(file, target, existing, text);
}

/** The path a chain of symbolic links ends at (itself when it is none), whether that exists or not. */
async function followLinks(file: string): Promise<string> {
  let current = path.resolve(file);
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    const info = await lstat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!info?.isSymbolicLink()) return current;
    current = path.resolve(path.dirname(current), await readlink(current));
  }
  throw Object.assign(new Error(`more than ${MAX_LINKS} symbolic links in a row`), { code: 'ELOOP' });
}

async function statOrNothing(file: string): Promise<Stats | undefined> {
  try {
    return await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A FIFO or a device: opened for writing as it is, written, closed. */
async function writeInPlace(file: string, target: string, text: string | Iterable<string>): Promise<void> {
  const handle = await unwritable(file, open(target, constants.O_WRONLY | constants.O_NOCTTY));
  try {
    await writePieces(file, handle, text);
  } finally {
    await unwritable(file, handle.close());
  }
}

/** A regular file, or none yet: a private temporary file beside it takes the text, its mode, then its place. */
async function writeReplacing(
  file: string,
  target: string,
  existing: Stats | undefined,
  text: string | Iterable<string>,
): Promise<void> {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    // O_EXCL: a name planted beforehand (a link to elsewhere) is never followed.
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
    const handle = await unwritable(file, open(temp, flags, existing ? TEMP_MODE : 0o666));
    try {
      if (existing) await keepOwnerAndMode(file, handle, existing);
      await writePieces(file, handle, text);
    } finally {
      await unwritable(file, handle.close());
    }
    await unwritable(file, rename(temp, target));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The replacement takes the file's owner (when this process may give it) and its mode. */
async function keepOwnerAndMode(file: string, handle: FileHandle, existing: Stats): Promise<void> {
  try {
    await handle.chown(existing.uid, existing.gid);
  } catch {
    // Only a privileged process may give a file away; the mode below still keeps it as private.
  }
  await unwritable(file, handle.chmod(existing.mode & 0o7777));
}

async function writePieces(file: string, handle: FileHandle, text: string | Iterable<string>): Promise<void> {
  for (const chunk of typeof text === 'string' ? [text] : gathered(text))
    await unwritable(file, handle.writeFile(chunk, 'utf8'));
}

/** A file operation's failure, as the output's. */
async function unwritable<T>(file: string, operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    throw new GardenerError('OUTPUT_UNWRITABLE', `cannot write the output: ${(error as Error).message}`, {
      where: file,
      cause: error,
    });
  }
}

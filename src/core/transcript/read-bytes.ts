import { open, type FileHandle } from 'node:fs/promises';
import { GardenerError, isGardenerError } from '../../errors.js';
import { tooLarge } from './decode.js';

/** Bytes asked of the file per read: a device or pipe is read in these steps, never whole. */
const CHUNK_BYTES = 1024 * 1024;

/** What the user reads for an errno of open or read; anything else names the code. */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied (the file cannot be read by this user)',
  EPERM: 'permission denied (the file cannot be read by this user)',
  EISDIR: 'is a folder, not a transcript file',
  ENOTDIR: 'a part of this path is not a folder',
  ELOOP: 'too many symbolic links in this path',
  ENAMETOOLONG: 'the path is too long',
  EIO: 'the device reported an input/output error',
  ENXIO: 'no such device',
  EAGAIN: 'the input is not ready to be read (a non-blocking device or socket)',
};

/** An errno error of reading `file` as a plain GardenerError naming it (exit 3). */
export function inputReadError(error: unknown, file: string): GardenerError {
  if (isGardenerError(error)) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = (code && REASONS[code]) ?? `cannot read (${code ?? String(error)})`;
  return new GardenerError('INPUT_INVALID', reason, { where: file, cause: error });
}

/**
 * Reads a file, FIFO or device with the byte bound enforced while reading: stat's size is only a
 * shortcut for regular files (it is 0 for `/dev/zero` and pipes), so at most maxBytes + one chunk
 * is ever held.
 */
export async function readFileBounded(file: string, maxBytes: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw inputReadError(error, file);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw inputReadError({ code: 'EISDIR' }, file);
    if (info.isFile() && info.size > maxBytes) throw tooLarge(info.size, maxBytes, file);
    const chunks: Buffer[] = [];
    let total = 0;
    if (info.isFile() && info.size > 0) {
      // Read into one buffer of the size stat gives: chunks and their concatenation would hold
      // the input twice at the end. The loop below still reads whatever the file grew by since.
      const whole = await readFull(handle, info.size);
      if (whole.length < info.size) return whole;
      chunks.push(whole);
      total = whole.length;
    }
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxBytes - total + 1));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(total, maxBytes, file, { atLeast: true });
      chunks.push(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead));
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } catch (error) {
    throw inputReadError(error, file);
  } finally {
    await handle.close();
  }
}

/** Up to `size` bytes from the handle's position into one buffer (fewer when the file ends first). */
async function readFull(handle: FileHandle, size: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await handle.read(buffer, filled, size - filled, null);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === size ? buffer : buffer.subarray(0, filled);
}

/** Reads a stream (stdin) with the same bound: it stops at the first chunk past maxBytes. */
export async function readStreamBounded(
  stream: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
  where = '<stdin>',
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    total += buffer.length;
    if (total > maxBytes) throw tooLarge(total, maxBytes, where, { atLeast: true });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}

import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { GardenerError } from '../../../errors.js';

/**
 * About how much text a writer gathers before it writes: few writes, and never the whole output.
 * Gathered pieces outlive the young generation's collections, so a larger batch is old-generation
 * garbage: 1 MiB batches put ~6 MB on the peak of `gardener compress` (benchmarks/RESULTS.md, compressmem7).
 */
const WRITE_CHARS = 1 << 16;

/** Pieces of text gathered into writes of about WRITE_CHARS characters, in order. */
export function* gathered(pieces: Iterable<string>): Generator<string> {
  let parts: string[] = [];
  let size = 0;
  for (const piece of pieces) {
    parts.push(piece);
    size += piece.length;
    if (size >= WRITE_CHARS) {
      yield parts.join('');
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
}

/**
 * Writes a whole file or nothing: a temporary file beside it, then a rename. The text may come in
 * pieces (written as they come, gathered into larger writes), so a large output is never held whole;
 * a piece that fails to come (its maker threw) leaves no file and fails with its own error.
 */
export async function writeOutputAtomically(file: string, text: string | Iterable<string>): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    const handle = await unwritable(file, open(temp, 'w'));
    try {
      for (const chunk of typeof text === 'string' ? [text] : gathered(text))
        await unwritable(file, handle.writeFile(chunk, 'utf8'));
    } finally {
      await unwritable(file, handle.close());
    }
    await unwritable(file, rename(temp, file));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
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

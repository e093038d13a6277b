import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { GardenerError } from '../../../errors.js';

/** About how much text a writer gathers before it writes: few writes, and never the whole output. */
const WRITE_CHARS = 1 << 20;

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
 * pieces (written as they come, gathered into larger writes), so a large output is never held whole.
 */
export async function writeOutputAtomically(file: string, text: string | Iterable<string>): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    const handle = await open(temp, 'w');
    try {
      for (const chunk of typeof text === 'string' ? [text] : gathered(text))
        await handle.writeFile(chunk, 'utf8');
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw new GardenerError('OUTPUT_UNWRITABLE', `cannot write the output: ${(error as Error).message}`, {
      where: file,
      cause: error,
    });
  }
}

import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GardenerError } from '../../../errors.js';

/** Writes a whole file or nothing: a temporary file beside it, then a rename. */
export async function writeOutputAtomically(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw new GardenerError('OUTPUT_UNWRITABLE', `cannot write the output: ${(error as Error).message}`, {
      where: file,
      cause: error,
    });
  }
}

import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GardenerError } from '../../../src/errors.js';
import { changedSinceVerified, checkHeader } from '../../../src/core/store/damage.js';
import { openStore } from '../../../src/core/store/open.js';
import { runGardener } from '../../support/cli.js';
import { entry, tempDir } from './support.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

function storeWithEntries(count: number): string {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  const file = path.join(dir, 'gardener.db');
  const store = openStore({ path: file });
  for (let i = 0; i < count; i++) store.ingest(entry({ original: `entry ${i} `.repeat(60) }));
  store.close();
  return file;
}

/** Overwrites one whole page in the middle of the file with pseudo-random bytes, as a bad disk would. */
function damageOnePage(file: string): void {
  const pageSize = readFileSync(file).readUInt16BE(16);
  const pages = statSync(file).size / pageSize;
  const page = Buffer.alloc(pageSize);
  for (let i = 0; i < pageSize; i++) page[i] = (i * 2654435761) >>> 24;
  const fd = openSync(file, 'r+');
  writeSync(fd, page, 0, pageSize, Math.floor(pages / 2) * pageSize);
  closeSync(fd);
}

const fingerprint = (file: string) => ({
  sha: createHash('sha256').update(readFileSync(file)).digest('hex'),
  mtimeMs: statSync(file).mtimeMs,
});

function openError(file: string): GardenerError {
  try {
    openStore({ path: file }).close();
  } catch (error) {
    if (error instanceof GardenerError) return error;
    throw error;
  }
  throw new Error('openStore did not fail');
}

describe('a damaged database is refused on open and left untouched', () => {
  it('refuses a store with one page overwritten: STORE_CORRUPT, same bytes and mtime after', () => {
    const file = storeWithEntries(300);
    damageOnePage(file);
    const before = fingerprint(file);
    const error = openError(file);
    expect(error.code).toBe('STORE_CORRUPT');
    expect(error.message).toContain(file);
    expect(error.hint).toMatch(/will not replace it/);
    expect(fingerprint(file)).toEqual(before);
  });

  it('refuses it from the CLI too: exit 4, nothing on stdout, the file unchanged', async () => {
    const file = storeWithEntries(300);
    damageOnePage(file);
    const before = fingerprint(file);
    const run = await runGardener(['recall', 'entry', '--db', file]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${file}: the gardener database is damaged`);
    expect(fingerprint(file)).toEqual(before);
  });

  it('refuses a 0-byte file the user had instead of replacing it', () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    const file = path.join(dir, 'gardener.db');
    writeFileSync(file, '');
    const error = openError(file);
    expect(error.code).toBe('STORE_CORRUPT');
    expect(error.message).toContain('empty (0 bytes)');
    expect(statSync(file).size).toBe(0);
  });

  it('refuses a file cut short (not a whole number of pages)', () => {
    const file = storeWithEntries(50);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 100));
    expect(openError(file).code).toBe('STORE_CORRUPT');
  });

  it('leaves a size that looks wrong to the full check while a WAL exists (a checkpoint in flight)', () => {
    const file = storeWithEntries(50);
    const bytes = readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    // The header of a checkpoint that has written page 1 but not yet the pages it now counts.
    const ahead = Buffer.from(bytes);
    ahead.writeUInt32BE(bytes.length / pageSize + 10, 28);
    writeFileSync(file, ahead);
    expect(() => checkHeader(file, ahead.length)).toThrow(/header counts/);
    writeFileSync(`${file}-wal`, '');
    expect(checkHeader(file, ahead.length)).toBe(true);
  });

  it('runs the full check only when the file changed since gardener closed it', () => {
    const file = storeWithEntries(20);
    expect(changedSinceVerified(file)).toBe(false);
    openStore({ path: file }).close();
    expect(changedSinceVerified(file)).toBe(false);
    const { atime, mtime } = statSync(file);
    utimesSync(file, atime, new Date(mtime.getTime() + 1000));
    expect(changedSinceVerified(file)).toBe(true);
  });
});

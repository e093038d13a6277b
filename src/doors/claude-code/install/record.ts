import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FileChange } from './plan.js';

/**
 * What an install changed, kept beside the store (`installs/<hash of the file path>.json`): the
 * file's bytes before and after. An uninstall restores the bytes before when the file is still as
 * the install left it, so install → uninstall leaves it byte-identical.
 */
export interface InstallRecord {
  path: string;
  before: string | null;
  after: string | null;
}

export function recordPath(dataDir: string, file: string): string {
  return join(dataDir, 'installs', `${createHash('sha1').update(file).digest('hex').slice(0, 16)}.json`);
}

export function readRecord(dataDir: string, file: string): InstallRecord | undefined {
  const path = recordPath(dataDir, file);
  if (!existsSync(path)) return undefined;
  try {
    const record = JSON.parse(readFileSync(path, 'utf8')) as InstallRecord;
    return record.path === file ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the first record of a file: a second install must not forget what the file was before the first. */
export function writeRecord(dataDir: string, change: FileChange): void {
  const path = recordPath(dataDir, change.path);
  const earlier = readRecord(dataDir, change.path);
  const record: InstallRecord = {
    path: change.path,
    before: earlier ? earlier.before : change.before,
    after: change.after,
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(record));
}

export function dropRecord(dataDir: string, file: string): void {
  rmSync(recordPath(dataDir, file), { force: true });
}

/** The file's text, or null when there is none. */
export function readText(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** Writes (or removes, for null) a file. */
export function writeText(path: string, text: string | null): void {
  if (text === null) {
    rmSync(path, { force: true });
    return;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

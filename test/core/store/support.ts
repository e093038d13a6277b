import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '../../../src/core/store/open.js';
import type { EntryInput, GardenerStore, OpenStoreOptions, Scope } from '../../../src/core/store/types.js';

export const SCOPE: Scope = { project: '/work/shop', session: 'session-1' };

/** A temporary folder removed by the returned cleanup. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gardener-store-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TempStore {
  store: GardenerStore;
  path: string;
  dir: string;
  /** Moves the fake clock (the store reads it on every write and recall). */
  advance(ms: number): void;
  close(): void;
}

/** A store in a fresh temporary file with a controllable clock starting at 2025-01-01. */
export function tempStore(options: Omit<OpenStoreOptions, 'path' | 'now'> = {}): TempStore {
  const { dir, cleanup } = tempDir();
  const file = path.join(dir, 'gardener.db');
  let clock = Date.UTC(2025, 0, 1);
  const store = openStore({ ...options, path: file, now: () => clock });
  return {
    store,
    path: file,
    dir,
    advance: (ms) => {
      clock += ms;
    },
    close: () => {
      store.close();
      cleanup();
    },
  };
}

/** An entry input with sensible defaults; tests override what they are about. */
export function entry(overrides: Partial<EntryInput> & Pick<EntryInput, 'original'>): EntryInput {
  return {
    scope: SCOPE,
    class: 'log',
    summary: overrides.original.slice(0, 40),
    tokensOriginal: Math.ceil(overrides.original.length / 4),
    tokensSummary: 10,
    priority: 20,
    ...overrides,
  };
}

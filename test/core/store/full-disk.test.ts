import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { toStoreError } from '../../../src/core/store/sqlite-errors.js';
import { runGardener } from '../../support/cli.js';
import { tempDir } from './support.js';

const { dir, cleanup } = tempDir();
/** A small file system of its own, when this process may mount one (root, Linux). */
const disk = path.join(dir, 'disk');
mkdirSync(disk);
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk]).status === 0;
afterAll(() => {
  if (mounted) spawnSync('umount', [disk]);
  rmdirSync(disk);
  cleanup();
});

/** A transcript of many distinct build logs: far more than the small disk holds. */
function bigTranscript(file: string): void {
  const messages: unknown[] = [];
  for (let i = 0; i < 200; i++) {
    const log = Array.from(
      { length: 200 },
      (_, k) => `line ${k} of build ${i}: ${(i * 7919 + k * 104_729).toString(36)}`,
    );
    messages.push(
      { role: 'user', content: `build ${i}` },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `make ${i}` } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: log.join('\n') }] },
      { role: 'assistant', content: `ok ${i}` },
    );
  }
  messages.push({ role: 'user', content: 'done?' });
  writeFileSync(file, JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 10, messages }));
}

describe('a full disk', () => {
  it('says how many entries were stored before the disk filled, and nothing when nothing was', () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    expect(toStoreError(full, 'g.db').hint).toBe('Free some space; nothing was written.');
    expect(toStoreError(full, 'g.db', { entries: 0, writes: 2 }).hint).toBe(
      'Free some space; no entry was stored.',
    );
    expect(toStoreError(full, 'g.db', { entries: 31, writes: 40 }).hint).toMatch(
      /^Free some space\. 31 entries were stored before the disk filled/,
    );
  });

  it.skipIf(!mounted)(
    'ingest on a disk that fills: exit 4, the entries it stored counted, no stamp file left behind',
    async () => {
      const input = path.join(dir, 'big.json');
      bigTranscript(input);
      const db = path.join(disk, 'g.db');
      const run = await runGardener(['ingest', input, '--db', db, '--project', 'p']);
      expect(run.code).toBe(4);
      expect(run.stderr).toContain('the disk holding the database is full');
      const said = /(\d+) entries were stored before the disk filled/.exec(run.stderr);
      expect(said, run.stderr).not.toBeNull();
      const reader = new Database(db, { readonly: true });
      const stored = (reader.prepare('SELECT count(*) AS n FROM entries').get() as { n: number }).n;
      reader.close();
      expect(stored).toBeGreaterThan(0);
      expect(Number(said![1])).toBe(stored);
      // A command that only reads, on the same full disk, leaves nothing behind either.
      await runGardener(['stats', '--db', db, '--project', 'p']);
      expect(readdirSync(disk).filter((name) => name.includes('-verified.'))).toEqual([]);
    },
    60_000,
  );
});

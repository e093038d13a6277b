import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/gardener');
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
/** Root may write any file: the read-only runs go through the built binary as `nobody` then. */
const canDropToNobody =
  asRoot &&
  existsSync(path.join(root, 'dist/cli/main.js')) &&
  spawnSync('setpriv', ['--version']).status === 0;
const runnable = !asRoot || canDropToNobody;
if (!runnable) console.warn('skipping the read-only store tests: running as root without setpriv or dist/');

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-readonly-'));
afterAll(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function gardenerReadOnly(args: string[]): Promise<Run> {
  if (!asRoot) return runGardener(args);
  const run = spawnSync(
    'setpriv',
    ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', process.execPath, bin, ...args],
    { encoding: 'utf8', cwd: dir, env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', HOME: dir } },
  );
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

describe.skipIf(!runnable)('a database the user may read but not write', () => {
  it('serves recall, show, stats and note --list; a write says the file cannot be written', async () => {
    const db = path.join(dir, 'gardener.db');
    const session = path.join(dir, 'session.json');
    writeFileSync(
      session,
      JSON.stringify({
        messages: [
          { role: 'user', content: 'why does parseConfig fail on empty files?' },
          { role: 'assistant', content: 'It reads past the end.' },
        ],
      }),
    );
    const store = ['--db', db, '--project', 'ro'];
    expect((await runGardener(['ingest', session, ...store])).code).toBe(0);
    expect((await runGardener(['note', 'the config parser is fragile', ...store])).code).toBe(0);
    chmodSync(db, 0o444);
    chmodSync(dir, 0o777); // only the file is read-only: SQLite may still make its -shm beside it

    const recall = await gardenerReadOnly(['recall', 'parseConfig', ...store, '--json']);
    expect(recall.stderr).toBe('');
    expect(recall.code).toBe(0);
    const hits = (JSON.parse(recall.stdout) as { results: Array<{ id: string }> }).results;
    expect(hits.length).toBeGreaterThan(0);
    const show = await gardenerReadOnly(['show', hits[0]?.id ?? '', ...store]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('parseConfig');
    const stats = await gardenerReadOnly(['stats', ...store]);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/2 entries/);
    const notes = await gardenerReadOnly(['note', '--list', ...store]);
    expect(notes.code).toBe(0);
    expect(notes.stdout).toContain('the config parser is fragile');

    const write = await gardenerReadOnly(['note', 'another', ...store]);
    expect(write.code).toBe(4);
    expect(write.stderr).toMatch(/gardener\.db: the database cannot be written/);
  }, 60_000);
});

import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
const folder = path.join(dir, 'read-only-folder');
afterAll(() => {
  chmodSync(dir, 0o700);
  if (existsSync(folder)) chmodSync(folder, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function gardenerReadOnly(args: string[], stdin?: string): Promise<Run> {
  if (!asRoot) return runGardener(args, stdin === undefined ? {} : { stdin });
  const run = spawnSync(
    'setpriv',
    ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', process.execPath, bin, ...args],
    {
      encoding: 'utf8',
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', HOME: dir },
      ...(stdin === undefined ? {} : { input: stdin }),
    },
  );
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** A store of one session and one note in `db`, made writable by everyone but its folder. */
async function seed(db: string): Promise<string[]> {
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
  return store;
}

const mcpCall = (id: number, name: string, args: Record<string, unknown>): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

interface ToolReply {
  id: number;
  result?: { content: Array<{ text: string }>; isError?: boolean };
}

/** recall, show, stats and note --list answer from the seeded store, as this user. */
async function expectReadsServed(store: string[]): Promise<void> {
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
}

describe.skipIf(!runnable)('a database the user may read but not write', () => {
  it('serves recall, show, stats and note --list; a write says the file cannot be written', async () => {
    const db = path.join(dir, 'gardener.db');
    const store = await seed(db);
    chmodSync(db, 0o444);
    chmodSync(dir, 0o777); // only the file is read-only: SQLite may still make its -shm beside it

    await expectReadsServed(store);

    const write = await gardenerReadOnly(['note', 'another', ...store]);
    expect(write.code).toBe(4);
    expect(write.stderr).toMatch(/gardener\.db: the database cannot be written: the file is read-only/);
  }, 60_000);

  it('serves the same in a folder it may not write (no -wal or -shm can be made there)', async () => {
    mkdirSync(folder);
    const db = path.join(folder, 'gardener.db');
    const store = await seed(db);
    chmodSync(db, 0o666); // only the folder is read-only
    chmodSync(folder, 0o555);

    await expectReadsServed(store);

    const write = await gardenerReadOnly(['note', 'another', ...store]);
    expect(write.code).toBe(4);
    expect(write.stderr).toContain(
      `${db}: the database cannot be written: its folder ${folder} is read-only`,
    );
    expect(readdirSync(folder).filter((name) => name.startsWith('gardener.db-'))).toEqual([
      'gardener.db-verified',
    ]);
  }, 60_000);

  it("serves the MCP tools' reads in that folder; note says the store is read-only", async () => {
    const db = path.join(folder, 'gardener.db');
    const input = [
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      mcpCall(2, 'recall', { query: 'parseConfig' }),
      mcpCall(3, 'context_pressure', {}),
      mcpCall(4, 'note', { text: 'not stored' }),
      '',
    ].join('\n');
    const run = await gardenerReadOnly(['mcp', '--db', db, '--project', 'ro', '--session', 's'], input);
    expect(run.code).toBe(0);
    const replies = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ToolReply);
    const reply = (id: number) => replies.find((r) => r.id === id)?.result;
    expect(reply(2)?.isError).toBeUndefined();
    expect(reply(2)?.content[0]?.text).toContain('parseConfig');
    expect(reply(3)?.isError).toBeUndefined();
    expect(reply(4)?.isError).toBe(true);
    expect(reply(4)?.content[0]?.text).toMatch(/read-only/);
  }, 60_000);
});

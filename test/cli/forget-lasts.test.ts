import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toRequest } from '../../src/core/transcript/types.js';
import { agentSession } from '../core/garden/helpers.js';
import { runGardener } from '../support/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-forget-lasts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const db = path.join(dir, 'g.db');
const file = path.join(dir, 'session.json');
writeFileSync(file, JSON.stringify(toRequest(agentSession(3, { lines: 40 }))));
const flags = ['--db', db, '--project', 'demo'];

const ingest = async () => {
  const run = await runGardener(['ingest', file, '--json', ...flags]);
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as { transcripts: Array<{ added: number; known: number }> }).transcripts[0]!;
};
const recallIds = async (query: string) => {
  const run = await runGardener(['recall', query, '--json', ...flags]);
  return (JSON.parse(run.stdout) as { results: Array<{ id: string }> }).results.map((r) => r.id);
};

describe('re-ingest and forget from the CLI', () => {
  it('reports known entries on a re-ingest, and a forgotten one stays forgotten', async () => {
    const first = await ingest();
    expect(first.added).toBeGreaterThan(0);
    expect(first.known).toBe(0);
    const [id] = await recallIds('module2 build failed');
    expect(id).toBeDefined();
    expect((await runGardener(['forget', id!, ...flags])).code).toBe(0);

    const second = await ingest();
    expect(second).toEqual({ ...second, added: 0, known: first.added });
    expect(await recallIds('module2 build failed')).not.toContain(id);
    expect((await runGardener(['show', id!, ...flags])).stdout).toMatch(/\(forgotten\)/);
  });
});

describe('what the engine shows for forgotten content seen again', () => {
  it('a stub, when compress meets it outside the working window', async () => {
    const compress = async () => {
      const run = await runGardener(['compress', file, '--keep-last', '1', ...flags]);
      expect(run.code).toBe(0);
      return run.stdout;
    };
    await compress();
    const [id] = await recallIds('module1 build failed');
    expect(id).toBeDefined();
    expect(await compress()).not.toMatch(new RegExp(`→0 tok · fetch\\(\\\\?"${id}`));
    expect((await runGardener(['forget', id!, ...flags])).code).toBe(0);
    expect(await compress()).toMatch(new RegExp(`\\[gardener: [^\\]]*→0 tok · fetch\\(\\\\?"${id}`));
  });
});

describe('JSON dates', () => {
  it('gives notes and entries ISO 8601 times, as recall does', async () => {
    const note = await runGardener(['note', 'deploys go through release.sh', '--json', ...flags]);
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect((JSON.parse(note.stdout) as { createdAt: string }).createdAt).toMatch(iso);
    const list = await runGardener(['note', '--list', '--json', ...flags]);
    expect((JSON.parse(list.stdout) as Array<{ createdAt: string }>)[0]!.createdAt).toMatch(iso);
    const [id] = await recallIds('module1 build');
    const shown = JSON.parse((await runGardener(['show', id!, '--json', ...flags])).stdout) as Record<
      string,
      unknown
    >;
    expect(shown['createdAt']).toMatch(iso);
    expect(shown['lastAccess']).toMatch(iso);
  });
});

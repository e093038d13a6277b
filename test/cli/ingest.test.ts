import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/open.js';
import { toRequest } from '../../src/core/transcript/types.js';
import { agentSession, buildLog } from '../core/garden/helpers.js';
import { runGardener } from '../support/cli.js';
import { recall } from '../../src/core/recall/recall.js';

let dir: string;
let db: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gardener-ingest-'));
  db = path.join(dir, 'test.db');
  file = path.join(dir, 'session.json');
  writeFileSync(file, JSON.stringify(toRequest(agentSession(3, { lines: 40 }))));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gardener ingest', () => {
  it('stores every block through the engine and prints what was stored by class', async () => {
    const run = await runGardener(['ingest', file, '--db', db, '--project', 'demo', '--session', 'one']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^one {2}anthropic · 7 messages · 7 new entries\n/);
    expect(run.stdout).toMatch(/^prompt\s+1\s+\d+$/m);
    expect(run.stdout).toMatch(/^log\s+3\s+[\d,]+$/m);
    expect(run.stdout).toMatch(/^total\s+10\s+[\d,]+$/m);
    const store = openStore({ path: db });
    try {
      const hits = recall(
        store,
        'module2 build failed',
        { project: 'demo', session: 'one' },
        { full: true, limit: 3 },
      );
      expect(hits.hits.map((h) => h.text)).toContain(buildLog('module2', 40));
    } finally {
      store.close();
    }
  });

  it('recognises blocks it already stored when the same file is ingested again', async () => {
    const run = await runGardener([
      'ingest',
      file,
      '--db',
      db,
      '--project',
      'demo',
      '--session',
      'again',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      format: string;
      transcripts: Array<{
        session: string;
        added: number;
        known: number;
        byClass: Record<string, { blocks: number }>;
      }>;
    };
    expect(report.format).toBe('anthropic');
    expect(report.transcripts[0]).toMatchObject({ added: 0, known: 7 });
    expect(report.transcripts[0]?.session).toBe('again');
    expect(report.transcripts[0]?.byClass['log']?.blocks).toBe(3);
  });

  it('names the session after the transcript when --session is not given', async () => {
    const run = await runGardener(['ingest', file, '--db', db, '--project', 'demo', '--json']);
    const report = JSON.parse(run.stdout) as { transcripts: Array<{ session: string }> };
    expect(report.transcripts[0]?.session).toBe('session');
  });

  it('counts one message and one new entry in the singular', async () => {
    const single = path.join(dir, 'single.json');
    writeFileSync(single, JSON.stringify({ messages: [{ role: 'user', content: 'only this prompt here' }] }));
    const run = await runGardener(['ingest', single, '--db', db, '--project', 'single', '--session', 'one']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^one {2}anthropic · 1 message · 1 new entry\n/);
  });

  it('fails with a clear error naming the file when it cannot be read', async () => {
    const run = await runGardener(['ingest', path.join(dir, 'missing.json'), '--db', db]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/missing\.json/);
    expect(run.stdout).toBe('');
  });
});

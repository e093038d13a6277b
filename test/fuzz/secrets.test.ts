import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runGardener, type CliRun } from '../support/cli.js';
import { SECRET_SHAPES, SECRET_VALUES } from '../support/secret-shapes.js';
import { databaseFileBytes, databaseTexts, plantedSecret, type PlantedSecret } from './secrets-support.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A session whose old tool output (compressed: it is outside the working window) holds the secret. */
function session(secret: PlantedSecret, at: number, lines: number): string {
  const log = Array.from(
    { length: lines },
    (_, i) => `step ${i}: synced part ${i} of the bucket in ${i % 7} ms`,
  );
  log.splice(at % (lines + 1), 0, secret.line, `error: upload failed near ${secret.line}`);
  const messages = [
    { role: 'user', content: 'sync the bucket' },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: './sync.sh' } }],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: log.join('\n') }] },
    { role: 'assistant', content: 'The sync failed on credentials.' },
    { role: 'user', content: 'look again later' },
    { role: 'assistant', content: 'Will do.' },
    { role: 'user', content: 'thanks' },
    { role: 'assistant', content: 'You are welcome.' },
  ];
  return JSON.stringify({ messages });
}

let run = 0;

/** Runs gardener with a debug log, returning its output and the log. */
async function gardener(args: string[], debugLog: string): Promise<CliRun> {
  const before = process.env['GARDENER_DEBUG'];
  process.env['GARDENER_DEBUG'] = debugLog;
  try {
    return await runGardener([...args, '--project', 'secrets']);
  } finally {
    if (before === undefined) delete process.env['GARDENER_DEBUG'];
    else process.env['GARDENER_DEBUG'] = before;
  }
}

/**
 * Plants the secret in a session and runs every CLI command that stores or prints: compress (JSON
 * and text), ingest, recall, show (each form), note, note --list, stats. Checks the outputs, every
 * table, the database file's bytes and the debug log.
 */
async function plantAndCheck(secret: PlantedSecret, at: number, lines: number): Promise<void> {
  const n = run++;
  const file = path.join(dir, `session-${n}.json`);
  const db = path.join(dir, `store-${n}.db`);
  const debugLog = path.join(dir, `debug-${n}.log`);
  writeFileSync(file, session(secret, at, lines));
  writeFileSync(debugLog, '');
  const outputs: string[] = [];
  const keep = (result: CliRun) => {
    outputs.push(result.stdout, result.stderr);
    expect(result.code, result.stderr).toBe(0);
    return result;
  };
  keep(await gardener(['compress', file, '--db', db, '--json'], debugLog));
  keep(await gardener(['compress', file, '--db', db, '--to', 'text'], debugLog));
  keep(await gardener(['ingest', file, '--db', db, '--json'], debugLog));
  const found: string[] = [];
  for (const query of ['credentials upload', 'synced bucket', 'error failed'])
    for (const flags of [[], ['--full'], ['--json']])
      found.push(
        keep(await gardener(['recall', ...query.split(' '), '--db', db, ...flags], debugLog)).stdout,
      );
  const ids = [...new Set(found.join('\n').match(/"id": "[a-z0-9]+"/g) ?? [])].map((m) => m.slice(7, -1));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids)
    for (const flags of [[], ['--raw'], ['--summary'], ['--json']])
      keep(await gardener(['show', id, '--db', db, ...flags], debugLog));
  keep(await gardener(['note', `remember ${secret.line}`, '--db', db], debugLog));
  keep(await gardener(['note', '--list', '--json', '--db', db], debugLog));
  keep(await gardener(['stats', '--db', db], debugLog));

  const places: Array<[string, string]> = [
    ['CLI output', outputs.join('\n')],
    ['stored tables', databaseTexts(db).join('\n')],
    ['database file bytes', databaseFileBytes(db)],
    ['debug log', readFileSync(debugLog, 'utf8')],
  ];
  for (const value of secret.values)
    for (const [where, text] of places) expect(text.includes(value), `${value} in ${where}`).toBe(false);
}

describe('a secret planted anywhere in a tool output never leaves gardener in clear', () => {
  it('is absent from compress output, stored tables, the file bytes, show, recall, notes and the debug log', async () => {
    await fc.assert(
      fc.asyncProperty(plantedSecret, fc.nat(400), fc.integer({ min: 40, max: 300 }), plantAndCheck),
      { numRuns: 5, seed: 15 },
    );
  }, 120_000);

  it('holds for every shape of token, credential and password at once (GitLab, SendGrid, Azure, cookies…)', async () => {
    await plantAndCheck(
      { line: SECRET_SHAPES.map((shape) => shape.line).join('\n'), values: [...SECRET_VALUES] },
      120,
      200,
    );
  }, 60_000);

  it('summarises the redacted text: a log cut around a key block keeps no key line', async () => {
    const rows = [
      'yRJtLcEq1Mio14Ci3HXPds2q8WfgfyHi01iFf7cms8ZUbTA85tLbSxuAzxr6mQ1N',
      'iuUme000TNKdMdKtMx9GBhJT8fiQgtsm2fKgDvM1dDjymGmL7ib4d5fqrtbMeDU5',
      'mkUKLxqF5AFA5BoQfnfMA243iV5Dv4Sw2D3vHBSK4mUR2fJjFhvGdEpw0ua24Eta',
    ];
    const secret = {
      line: ['-----BEGIN OPENSSH PRIVATE KEY-----', ...rows, '-----END OPENSSH PRIVATE KEY-----'].join('\n'),
      values: rows,
    };
    const file = path.join(dir, 'key-at-the-end.json');
    // Found by benchmarks/fuzz.ts: the log compressor folds the header and first rows with the frames.
    const log = [
      'x'.repeat(40_000),
      '    at Object.<anonymous> (/src/index.js:10:5)',
      '    at Module._compile (node:internal/modules/cjs/loader:1105:14)',
      secret.line,
    ];
    const messages = [
      { role: 'user', content: 'sync' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: './sync.sh' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: log.join('\n') }] },
      { role: 'assistant', content: 'Synced.' },
      { role: 'user', content: 'thanks' },
    ];
    writeFileSync(file, JSON.stringify({ messages }));
    const run = await runGardener([
      'compress',
      file,
      '--db',
      path.join(dir, 'key.db'),
      '--project',
      'keys',
      '--keep-last',
      '0',
    ]);
    expect(run.code).toBe(0);
    for (const row of rows) expect(run.stdout).not.toContain(row);
  });
});

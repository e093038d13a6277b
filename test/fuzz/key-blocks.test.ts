import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-key-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY_HEAD = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi2l7GfbYqQh5pX0sLQk2nS3P1Z',
];

/** A tool output that starts with a key cut short and goes on with 200 lines of prose. */
function outputAfterKey(topic: string): string {
  const prose = Array.from({ length: 200 }, (_, i) => `Line ${i} about ${topic} says the run went fine`);
  return [...KEY_HEAD, ...prose].join('\n');
}

function transcript(outputs: string[]): string {
  const messages = outputs.flatMap((content, i) => [
    { role: 'user', content: i === 0 ? 'read the files' : 'and the next' },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `cat f${i}` } }],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content }] },
    { role: 'assistant', content: `Read f${i}.` },
  ]);
  return JSON.stringify({ messages: [...messages, { role: 'user', content: 'thanks' }] });
}

async function idOf(db: string, query: string): Promise<string> {
  const run = await runGardener(['recall', query, '--db', db, '--project', 'keys', '--json']);
  const hits = (JSON.parse(run.stdout) as { results: Array<{ id: string }> }).results;
  expect(hits.length).toBeGreaterThan(0);
  return hits[0]?.id ?? '';
}

describe('a private key cut short in a tool output', () => {
  it('loses only its body: every following line is stored, and different outputs stay apart', async () => {
    const file = path.join(dir, 'session.json');
    const db = path.join(dir, 'store.db');
    writeFileSync(file, transcript([outputAfterKey('apples'), outputAfterKey('pears')]));
    const ingest = await runGardener(['ingest', file, '--db', db, '--project', 'keys']);
    expect(ingest.code).toBe(0);

    const apples = await idOf(db, 'apples');
    const pears = await idOf(db, 'pears');
    expect(apples).not.toBe(pears);
    for (const [id, topic] of [
      [apples, 'apples'],
      [pears, 'pears'],
    ] as const) {
      const show = await runGardener(['show', id, '--raw', '--db', db]);
      expect(show.code).toBe(0);
      expect(show.stdout).not.toContain(KEY_HEAD[1]);
      const expected = outputAfterKey(topic).replace(KEY_HEAD[1] ?? '', '[REDACTED:private-key]');
      expect(show.stdout).toBe(expected);
    }
  }, 60_000);
});

import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinSessions } from '../../src/doors/bench/builtin/index.js';
import { exportTranscripts } from '../../src/core/transcript/export.js';
import { validate } from '../../src/core/transcript/validate.js';
import type { MessagesRequest } from '../../src/core/transcript/types.js';
import { runGardener } from '../support/cli.js';

let dir: string;
let db: string;
let sessionFile: string;
let session: ReturnType<typeof builtinSessions>[number];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gardener-compress-'));
  db = path.join(dir, 'test.db');
  session = builtinSessions().sort((a, b) => b.messages.length - a.messages.length)[0]!;
  sessionFile = path.join(dir, 'session.json');
  writeFileSync(sessionFile, exportTranscripts([session], 'anthropic'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const typedTexts = (request: MessagesRequest): string[] =>
  request.messages
    .filter((m) => m.role === 'user')
    .flatMap((m) =>
      typeof m.content === 'string'
        ? [m.content]
        : m.content.filter((b) => b.type === 'text').map((b) => b.text),
    );

describe('gardener compress', () => {
  it('writes a valid, smaller request and a report by class on stderr', async () => {
    const run = await runGardener(['compress', sessionFile, '--db', db]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as MessagesRequest;
    expect(validate(out).issues).toEqual([]);
    const original = JSON.parse(readFileSync(sessionFile, 'utf8')) as MessagesRequest;
    expect(out.messages).toHaveLength(original.messages.length);
    expect(run.stdout.length).toBeLessThan(readFileSync(sessionFile, 'utf8').length * 0.7);
    expect(run.stderr).toMatch(/class\s+blocks\s+shortened\s+tokens before\s+after\s+ratio/);
    expect(run.stderr).toMatch(/^log\s+\d+/m);
    expect(run.stderr).toMatch(/^request\s+/m);
  });

  it('never changes what the user typed, the system prompt or the tools', async () => {
    const run = await runGardener(['compress', sessionFile, '--db', db]);
    const out = JSON.parse(run.stdout) as MessagesRequest;
    const original = JSON.parse(readFileSync(sessionFile, 'utf8')) as MessagesRequest;
    expect(out.system).toEqual(original.system);
    expect(out.tools).toEqual(original.tools);
    expect(typedTexts(out)).toEqual(typedTexts(original));
  });

  it('leaves the latest turns untouched', async () => {
    const run = await runGardener(['compress', sessionFile, '--db', db, '--keep-last', '3']);
    const out = JSON.parse(run.stdout) as MessagesRequest;
    const original = JSON.parse(readFileSync(sessionFile, 'utf8')) as MessagesRequest;
    expect(out.messages.slice(-6)).toEqual(original.messages.slice(-6));
  });

  it('with --budget compresses only until the request fits, and reports JSON stats', async () => {
    const full = await runGardener([
      'compress',
      sessionFile,
      '--db',
      db,
      '--json',
      '-o',
      path.join(dir, 'all.json'),
    ]);
    const all = JSON.parse(full.stdout) as { tokensBefore: number; tokensAfter: number };
    const budget = Math.round((all.tokensBefore + all.tokensAfter) / 2);
    const run = await runGardener([
      'compress',
      sessionFile,
      '--db',
      db,
      '--budget',
      String(budget),
      '--json',
      '-o',
      path.join(dir, 'b.json'),
    ]);
    expect(run.code).toBe(0);
    const stats = JSON.parse(run.stdout) as { tokensAfter: number; tokensBefore: number };
    expect(stats.tokensBefore).toBe(all.tokensBefore);
    expect(stats.tokensAfter).toBeLessThanOrEqual(budget);
    expect(stats.tokensAfter).toBeGreaterThan(all.tokensAfter);
    expect(validate(JSON.parse(readFileSync(path.join(dir, 'b.json'), 'utf8'))).ok).toBe(true);
  });

  it('stores originals first: a summary id can be shown byte for byte', async () => {
    const run = await runGardener(['compress', sessionFile, '--db', db]);
    const id = /(?:id=|fetch\(\\?")([A-Za-z0-9]+)/.exec(run.stdout)?.[1];
    expect(id).toBeDefined();
    const show = await runGardener(['show', id!, '--db', db, '--json']);
    expect(show.code).toBe(0);
    const entry = JSON.parse(show.stdout) as { original: string };
    expect(readFileSync(sessionFile, 'utf8')).toContain(JSON.stringify(entry.original).slice(1, 60));
  });

  it('is deterministic', async () => {
    const a = await runGardener(['compress', sessionFile, '--db', path.join(dir, 'a.db')]);
    const b = await runGardener(['compress', sessionFile, '--db', path.join(dir, 'b.db')]);
    expect(a.stdout).toBe(b.stdout);
  });

  it('exports jsonl and text, and lists formats', async () => {
    const jsonl = await runGardener(['compress', sessionFile, '--db', db, '--to', 'jsonl']);
    expect(jsonl.code).toBe(0);
    const original = JSON.parse(readFileSync(sessionFile, 'utf8')) as MessagesRequest;
    expect(jsonl.stdout.trim().split('\n').length).toBe(original.messages.length + 1);
    const text = await runGardener(['compress', sessionFile, '--db', db, '--to', 'text']);
    expect(text.stdout).toMatch(/user/i);
    const formats = await runGardener(['compress', '--list-formats']);
    for (const name of [
      'claude-code',
      'anthropic',
      'agent-sdk',
      'openai',
      'mini-swe-agent',
      'swe-agent',
      'openhands',
      'aider',
    ]) {
      expect(formats.stdout).toContain(name);
    }
  });

  it('reads standard input', async () => {
    const run = await runGardener(['compress', '-', '--db', db], { stdin: readFileSync(sessionFile) });
    expect(run.code).toBe(0);
    expect(validate(JSON.parse(run.stdout)).ok).toBe(true);
  });
});

describe('gardener compress on bad input', () => {
  const bad = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it.each([
    ['empty.jsonl', '', /empty/i],
    [
      'truncated.json',
      '{"messages": [{"role": "user", "content": "hi"}, {"role": "assis',
      /truncated\.json:\d+/,
    ],
    [
      'broken.jsonl',
      '{"type":"user","message":{"role":"user","content":"a"},"uuid":"1","parentUuid":null}\n{not json}\n',
      /broken\.jsonl:2/,
    ],
    ['unknown.txt', 'just some words that are not a transcript\n', /format/i],
    ['binary.bin', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02]), /binary/i],
    ['latin1.json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]), /UTF-8/i],
  ])('%s: a clear error naming the file, exit 3, nothing on stdout', async (name, content, message) => {
    const file = bad(name, content);
    const run = await runGardener(['compress', file, '--db', db]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(name);
    expect(run.stderr).toMatch(message);
  });

  it('refuses a 100 MB file with a clear error and the option to raise the limit', async () => {
    const file = path.join(dir, 'huge.jsonl');
    writeFileSync(file, '');
    truncateSync(file, 100 * 1024 * 1024);
    const run = await runGardener(['compress', file, '--db', db]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/huge\.jsonl/);
    expect(run.stderr).toMatch(/--max-bytes/);
  });

  it('--lenient skips bad JSONL lines and says how many', async () => {
    const good = readFileSync(path.resolve('test/fixtures/transcript/cc-session.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    const file = bad('lenient.jsonl', [...good.slice(0, 4), '{oops', ...good.slice(4)].join('\n') + '\n');
    const strict = await runGardener(['compress', file, '--db', db]);
    expect(strict.code).toBe(3);
    const run = await runGardener(['compress', file, '--db', db, '--lenient']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/1 unreadable lines? skipped/);
  });

  it('does not leave a partial output file when the input is bad', async () => {
    const out = path.join(dir, 'never.json');
    const run = await runGardener(['compress', bad('bad2.json', '{"messages": ['), '--db', db, '-o', out]);
    expect(run.code).toBe(3);
    expect(existsSync(out)).toBe(false);
  });

  it('writes nothing when a transcript cannot be compacted to the budget, though the output is written as it is rendered', async () => {
    // Two transcripts: the first fits, the second's typed prompt alone is over the budget.
    const prompt = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');
    const body = (text: string) => ({ messages: [{ role: 'user', content: text }] });
    const file = bad('two.json', JSON.stringify([body('short task'), body(prompt(3_000))]));
    for (const output of [[], ['-o', path.join(dir, 'never-budget.json')]]) {
      const run = await runGardener(['compress', file, '--db', db, '--budget', '1000', ...output]);
      expect(run.code).toBe(5);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/budget/i);
    }
    expect(existsSync(path.join(dir, 'never-budget.json'))).toBe(false);
  });

  it('rejects bad flag values with exit 2', async () => {
    const run = await runGardener(['compress', sessionFile, '--db', db, '--budget', 'lots']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--budget/);
  });
});

describe('gardener compress, one-shot with no floor of its own', () => {
  /** A Bash result of 195 tokens: repetitive steps and one failure, which a summary shortens. */
  const smallLog = Array.from({ length: 32 }, (_, k) =>
    k === 16 ? 'ERROR step 16 failed: exit 2' : `INFO step ${k} ok`,
  ).join('\n');
  const request = {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    messages: [
      { role: 'user', content: 'Run the steps and tell me which one fails.' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'make steps' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: smallLog }] },
      { role: 'assistant', content: 'Step 12 fails with exit 2.' },
    ],
  };

  it('shortens a block under 200 tokens whose summary is smaller; --min-tokens still sets a floor', async () => {
    const file = path.join(dir, 'small-log.json');
    writeFileSync(file, JSON.stringify(request));
    const result = (out: string) => JSON.stringify((JSON.parse(out) as MessagesRequest).messages[2]);
    const run = await runGardener(['compress', file, '--db', db, '--keep-last', '0']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^log\s+1\s+1\s/m);
    expect(result(run.stdout)).toContain('ERROR step 16 failed: exit 2');
    expect(result(run.stdout)).not.toContain('INFO step 20 ok');
    const floored = await runGardener([
      'compress',
      file,
      '--db',
      db,
      '--keep-last',
      '0',
      '--min-tokens',
      '200',
    ]);
    expect(floored.stderr).toMatch(/^log\s+1\s+0\s/m);
    expect(result(floored.stdout)).toBe(JSON.stringify(request.messages[2]));
  });
});

describe('the report of gardener compress', () => {
  it('says under the table why the blocks of the class other stay as they are', async () => {
    const file = path.join(dir, 'other.json');
    writeFileSync(
      file,
      JSON.stringify({
        model: 'claude-sonnet-4-5',
        max_tokens: 1024,
        messages: [
          { role: 'user', content: 'List the files.' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } }],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt' }] },
          { role: 'assistant', content: 'One file: a.txt.' },
        ],
      }),
    );
    const run = await runGardener(['compress', file, '--db', db]);
    expect(run.stderr).toMatch(/^other\s+1\s+0\s/m);
    expect(run.stderr).toMatch(
      /^other: tool calls with no large field .* thinking blocks .* sent as they are$/m,
    );
  });
});

import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { parseByteSize } from '../../../src/core/transcript/decode.js';
import { readInput } from '../../../src/core/transcript/read-input.js';
import { caughtAsync, expectValid, fixture, fixturePath } from './fixtures.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-read-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
}

const jsonl = (...rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
const msg = (role: string, content: string) => ({ role, content });

describe('readInput: good input', () => {
  it('reads and detects a file, returning the format', async () => {
    const result = await readInput(fixturePath('openai-chat.json'));
    expect(result.format).toBe('openai');
    expect(result.skipped).toBe(0);
    expect(result.transcripts[0]!.source).toBe(fixturePath('openai-chat.json'));
  });

  it('reads stdin for "-"', async () => {
    const stdin = Readable.from([Buffer.from(fixture('swe-agent-run.traj'))]);
    const result = await readInput('-', { stdin });
    expect(result.format).toBe('swe-agent');
    expect(result.transcripts[0]!.source).toBe('<stdin>');
  });

  it('uses the named format instead of detecting', async () => {
    const p = file('chat.json', JSON.stringify([msg('user', 'hi'), msg('assistant', 'hello')]));
    expect((await readInput(p)).format).toBe('anthropic');
    expect((await readInput(p, { from: 'openai' })).format).toBe('openai');
  });

  it('brings a Claude Code session its subagents/ logs, with .meta.json facts and empty logs skipped', async () => {
    const result = await readInput(fixturePath('cc-nested/sess-3.jsonl'));
    expect(result.transcripts.map((t) => t.id)).toEqual(['sess-3', 'sess-3/agent-a1b2c3']);
    const sub = result.transcripts[1]!;
    expect(sub).toMatchObject({
      title: 'Map the repo',
      meta: { parentId: 'sess-3', isSidechain: true, agent: { agentType: 'Explore' } },
    });
    result.transcripts.forEach(expectValid);
  });

  it('accepts a UTF-8 BOM', async () => {
    const p = file(
      'bom.json',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify([msg('user', 'hi')]))]),
    );
    expect((await readInput(p)).transcripts[0]!.messages).toEqual([msg('user', 'hi')]);
  });
});

describe('readInput: bad input', () => {
  it('refuses a missing file and a folder', async () => {
    expect((await caughtAsync(() => readInput(path.join(dir, 'nope.jsonl')))).message).toMatch(
      /nope\.jsonl: no such file$/,
    );
    expect((await caughtAsync(() => readInput(dir))).message).toMatch(/is a folder, not a transcript file$/);
  });

  it('refuses an empty file and a blank one', async () => {
    const empty = await caughtAsync(() => readInput(fixturePath('cc-nested/empty-session.jsonl')));
    expect(empty.code).toBe('INPUT_INVALID');
    expect(empty.message).toBe(`${fixturePath('cc-nested/empty-session.jsonl')}: input is empty (0 bytes)`);
    expect((await caughtAsync(() => readInput(file('blank.jsonl', '\n  \n')))).message).toMatch(
      /input is empty \(4 blank bytes\)$/,
    );
  });

  it('refuses binary data, naming the NUL byte offset', async () => {
    const p = file('bin.jsonl', Buffer.from([0x7b, 0x7d, 0x0a, 0x00, 0x01]));
    const error = await caughtAsync(() => readInput(p));
    expect(error.message).toBe(`${p}:2: input is binary, not a transcript (NUL byte at offset 3)`);
  });

  it('refuses invalid UTF-8 with the byte offset and line', async () => {
    const p = file(
      'latin1.jsonl',
      Buffer.concat([Buffer.from('{"a":1}\n{"b":"caf'), Buffer.from([0xe9]), Buffer.from('"}\n')]),
    );
    const error = await caughtAsync(() => readInput(p));
    expect(error.message).toBe(`${p}:2: input is not valid UTF-8: byte 0xe9 at offset 17`);
  });

  it('refuses UTF-16 with a hint', async () => {
    const p = file('utf16.json', Buffer.from([0xff, 0xfe, 0x5b, 0x00, 0x5d, 0x00]));
    const error = await caughtAsync(() => readInput(p));
    expect(error.message).toMatch(/input is UTF-16 text/);
  });

  it('refuses a 100 MB file before reading it, naming the size and --max-bytes', async () => {
    const p = file('huge.jsonl', '');
    truncateSync(p, 100 * 1024 * 1024);
    const error = await caughtAsync(() => readInput(p));
    expect(error.code).toBe('INPUT_TOO_LARGE');
    expect(error.message).toBe(
      `${p}: input is 100.0 MiB (104,857,600 bytes), over the 64.0 MiB (67,108,864 bytes) limit`,
    );
    expect(error.hint).toContain('--max-bytes');
  });

  it('honours --max-bytes, also on stdin', async () => {
    const text = fixture('openai-chat.json');
    expect(
      (await caughtAsync(() => readInput(fixturePath('openai-chat.json'), { maxBytes: 100 }))).code,
    ).toBe('INPUT_TOO_LARGE');
    const error = await caughtAsync(() =>
      readInput('-', { stdin: Readable.from([Buffer.from(text)]), maxBytes: 100 }),
    );
    expect(error.message).toMatch(/^<stdin>: input is /);
    expect(parseByteSize('64M')).toBe(64 * 1024 * 1024);
    expect(parseByteSize('512k')).toBe(512 * 1024);
    expect(parseByteSize('1000')).toBe(1000);
  });

  it('reports invalid JSON with line and column', async () => {
    const p = file('bad.json', '{\n  "messages": [\n    {"role": "user", "content": "hi",}\n  ]\n}\n');
    const error = await caughtAsync(() => readInput(p));
    expect(error.message).toMatch(
      new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3: invalid JSON at line 3, column 38`),
    );
  });

  it('reports a JSON document cut short as truncated', async () => {
    const full = fixture('demo__repo-42.traj.json');
    const p = file('cut.traj.json', full.slice(0, Math.floor(full.length / 2)));
    const error = await caughtAsync(() => readInput(p));
    expect(error.message).toMatch(
      /JSON ends unexpectedly at line \d+, column \d+: the file looks truncated$/,
    );
  });

  it('reports the line number of a bad JSONL line, and skips it with lenient', async () => {
    const lines = fixture('cc-session.jsonl').split('\n');
    lines.splice(5, 0, '{"type":"user", oops}');
    const p = file('broken.jsonl', lines.join('\n'));
    const error = await caughtAsync(() => readInput(p));
    expect(error.message).toMatch(/broken\.jsonl:6: line 6 is not valid JSON/);
    expect(error.hint).toContain('--lenient');
    const lenient = await readInput(p, { lenient: true });
    expect(lenient.skipped).toBe(1);
    expect(lenient.transcripts[0]!.meta?.skipped).toBe(1);
  });

  it('reports a JSONL file whose last line is cut short', async () => {
    const text = fixture('cc-session.jsonl').trimEnd();
    const p = file('cut.jsonl', text.slice(0, text.length - 40));
    const count = text.split('\n').length;
    const error = await caughtAsync(() => readInput(p));
    expect(error.message).toBe(`${p}:${count}: the last line is cut short (is the file truncated?)`);
  });

  it('reports an unknown format with the known formats', async () => {
    const p = file('notes.txt', 'hello\nworld\n');
    const error = await caughtAsync(() => readInput(p));
    expect(error.code).toBe('INPUT_UNKNOWN_FORMAT');
    expect(error.message).toMatch(/known formats: .*aider\)$/);
  });

  it('reports a Claude Code file that holds no conversation', async () => {
    const p = file(
      'summary-only.jsonl',
      jsonl(
        { type: 'summary', summary: 's', leafUuid: 'x' },
        { type: 'summary', summary: 't', leafUuid: 'y' },
      ),
    );
    const error = await caughtAsync(() => readInput(p));
    expect(error.message).toBe(
      `${p}: no conversation found (the claude-code input holds no user or assistant messages)`,
    );
  });

  it('names the file when a forced format does not fit the input', async () => {
    const error = await caughtAsync(() =>
      readInput(fixturePath('aider.chat.history.md'), { from: 'openhands' }),
    );
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toContain('aider.chat.history.md');
  });
});

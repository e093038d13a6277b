import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreementOfFile, errorPercent } from '../../../src/doors/bench/cache-agreement.js';
import { fitLine, fitPlane, fitSession } from '../../../src/doors/bench/cache-fit.js';
import { withoutOldThinking } from '../../../src/doors/bench/fit-rules.js';
import { usageCalls } from '../../../src/doors/bench/usage-calls.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const logs = ['../shared', '../../shared']
  .map((up) => path.resolve(repoRoot, up, 'sessions/claude-code-log'))
  .find((candidate) => existsSync(candidate));
if (!logs)
  console.warn('skipping the cache model agreement on real usage rows: ../shared/sessions is absent');

/** Two long sessions of the dev set: a 2.0 one with thinking, a 1.0 one without cache_creation. */
const SLICE = [
  '-Users-dain-workspace-coderabbit-review-helper/cb2e607c-c758-415a-8b45-c49e4631906a.jsonl',
  '-Users-dain-workspace-claude-code-log-sample/12a546d1-83a7-49a6-abba-5400db340b43.jsonl',
];

describe.skipIf(!logs)('the cache model on real Claude Code usage rows', () => {
  it.each(SLICE)('predicts the reads and writes of %s within 5%', (file) => {
    const agreement = agreementOfFile(path.join(logs!, file), defaultTokenizer(), { warmHead: true });
    expect(agreement?.calls).toBeGreaterThanOrEqual(30);
    expect(Math.abs(errorPercent(agreement!.read))).toBeLessThan(5);
    expect(Math.abs(errorPercent(agreement!.written))).toBeLessThan(5);
  });
});

/** A Claude Code log line. */
function line(fields: Record<string, unknown>): string {
  return JSON.stringify({ sessionId: 's', timestamp: '2026-01-01T10:00:00.000Z', ...fields });
}

function assistant(
  uuid: string,
  parent: string,
  id: string,
  content: unknown[],
  usage: object,
  at: string,
  stop: string | null = 'tool_use',
) {
  return line({
    type: 'assistant',
    uuid,
    parentUuid: parent,
    timestamp: at,
    message: { id, role: 'assistant', model: 'claude-sonnet-4-5', content, usage, stop_reason: stop },
  });
}

describe('replaying a Claude Code log through the cache model', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
  const usage = (read: number, written: number) => ({
    input_tokens: 3,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: written,
    output_tokens: 50,
  });
  const log = [
    line({ type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: words(400) } }),
    assistant(
      'a1',
      'u1',
      'm1',
      [
        { type: 'thinking', thinking: 'let me look', signature: 'sig' },
        { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/a.ts' } },
      ],
      usage(5_000, 1_000),
      '2026-01-01T10:00:05.000Z',
    ),
    line({
      type: 'user',
      uuid: 'u2',
      parentUuid: 'a1',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: words(300) }] },
    }),
    assistant(
      'a2',
      'u2',
      'm2',
      [{ type: 'text', text: 'done' }],
      usage(6_000, 700),
      '2026-01-01T10:00:10.000Z',
    ),
    line({ type: 'user', uuid: 'u3', parentUuid: 'a2', message: { role: 'user', content: 'next question' } }),
    assistant(
      'a3',
      'u3',
      'm3',
      [{ type: 'text', text: 'ok' }],
      usage(6_000, 800),
      '2026-01-01T10:20:00.000Z',
    ),
  ].join('\n');

  it('rebuilds each request, drops the thinking of earlier turns, and knows produced sizes', () => {
    const calls = usageCalls(log);
    expect(calls.map((c) => c.messages.length)).toEqual([1, 3, 5]);
    expect(calls.map((c) => [c.model, c.thinking])).toEqual([
      ['claude-sonnet-4-5', true],
      ['claude-sonnet-4-5', false],
      ['claude-sonnet-4-5', false],
    ]);
    // Within the tool loop the thinking is sent back, and the message counts its output tokens.
    expect((calls[1]!.messages[1]!.content as Array<{ type: string }>)[0]!.type).toBe('thinking');
    expect(calls[1]!.sizes[1]).toBe(50);
    // After a new prompt, a model that drops earlier turns' thinking no longer has it, nor its count.
    const after = withoutOldThinking(calls[2]!);
    expect((after.messages[1]!.content as Array<{ type: string }>).map((b) => b.type)).toEqual(['tool_use']);
    expect(after.sizes[1]).toBeUndefined();
    expect(calls[2]!.usage).toEqual({ uncached: 3, read: 6_000, written: 800, written1h: 0 });
  });

  it('takes no size from a row logged at the start of the stream (no stop reason yet)', () => {
    const started = log.replace(/"stop_reason":"tool_use"/g, '"stop_reason":null');
    expect(usageCalls(started)[1]!.sizes[1]).toBeUndefined();
  });

  it('reads back what the previous call wrote, and nothing but the warm head after the TTL', () => {
    const fit = fitSession(usageCalls(log), defaultTokenizer(), { warmHead: true });
    const [first, second, third] = fit.calls.map((c) => c.predicted);
    // The part other sessions keep warm is what the first call read.
    expect(fit.shared).toBe(5_000);
    expect(first!.read).toBe(fit.shared);
    expect(second!.read).toBe(first!.read + first!.written5m);
    // Twenty minutes later only the head kept warm by other sessions is read.
    expect(third!.read).toBe(fit.shared);
  });
});

describe('fitting the sizes the log does not record', () => {
  const xs = [100, 400, 900, 1_300, 2_000, 2_100, 3_500, 4_000];
  const blocks = [1, 3, 3, 6, 7, 11, 12, 15];

  it('finds the head, the ratio and what each tool block carries', () => {
    const y = xs.map((x, i) => 12_000 + 1.2 * x + 40 * blocks[i]!);
    const fit = fitPlane(xs, blocks, y);
    expect(fit.head).toBe(12_000);
    expect(fit.ratio).toBeCloseTo(1.2, 6);
    expect(fit.perBlock).toBeCloseTo(40, 6);
  });

  it('falls back to the line where a block would carry less than nothing', () => {
    const y = xs.map((x, i) => 12_000 + 1.2 * x - 30 * blocks[i]!);
    expect(fitPlane(xs, blocks, y)).toEqual({ ...fitLine(xs, y), perBlock: 0 });
  });

  it('falls back to the line when the blocks move with the tokens', () => {
    const y = xs.map((x) => 5_000 + 2 * x);
    const tied = xs.map((x) => x / 100);
    expect(fitPlane(xs, tied, y)).toEqual({ ...fitLine(xs, y), perBlock: 0 });
  });

  it('predicts the writes of short tool round trips when each block carries its id', () => {
    // A session of tool round trips, short and long, whose recorded totals hold 40 tokens a tool block
    // (the ids no count holds) besides 1.1 API tokens per cl100k token.
    const lengths = [20, 600, 15, 30, 900, 10, 25, 700, 12, 40, 20, 800, 15, 30];
    const rows: string[] = [
      line({ type: 'user', uuid: 'u0', parentUuid: null, message: { role: 'user', content: 'go' } }),
    ];
    const tokenizer = defaultTokenizer();
    let total = 10_000 + Math.round(1.1 * tokenizer.count('go'));
    let parent = 'u0';
    let read = 0;
    lengths.forEach((n, i) => {
      const at = `2026-01-01T10:00:${String(10 + i * 3).padStart(2, '0')}.000Z`;
      const output = 30;
      rows.push(
        assistant(
          `a${i}`,
          parent,
          `m${i}`,
          [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `ls ${i}` } }],
          {
            input_tokens: 0,
            cache_read_input_tokens: read,
            cache_creation_input_tokens: total - read,
            output_tokens: output,
          },
          at,
        ),
      );
      const text = Array.from({ length: n }, (_, j) => `line${j}`).join(' ');
      rows.push(
        line({
          type: 'user',
          uuid: `u${i + 1}`,
          parentUuid: `a${i}`,
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: text }] },
        }),
      );
      read = total;
      total += output + 40 + Math.round(1.1 * (tokenizer.count(text) + 4)) + 40;
      parent = `u${i + 1}`;
    });
    const fit = fitSession(usageCalls(rows.join('\n')), tokenizer, { warmHead: true });
    expect(fit.perBlock).toBeGreaterThan(30);
    const short = fit.calls.filter((c) => c.recorded.written < 300);
    expect(short.length).toBeGreaterThan(5);
    for (const call of short) {
      const written = call.predicted.written5m + call.predicted.written1h;
      expect(Math.abs(written - call.recorded.written)).toBeLessThan(0.1 * call.recorded.written);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { requestUnits } from '../../../src/core/cache/index.js';
import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import type { MessageParam } from '../../../src/core/transcript/index.js';
import { fitSession } from '../../../src/doors/bench/cache-fit.js';
import { chooseRules, type FitFigures } from '../../../src/doors/bench/fit-folds.js';
import { ALL_FIT_RULES, FIT_RULES, type FitRule } from '../../../src/doors/bench/fit-rules.js';
import { usageCalls } from '../../../src/doors/bench/usage-calls.js';

const tokenizer = defaultTokenizer();
/** The tools and system prompt, and the context Claude Code puts first: a log records neither. */
const SYSTEM = 10_000;
const HEAD = SYSTEM + 2_000;

/** One call of a synthetic Claude Code session, and what the API billed it (how much it read). */
interface Step {
  /** ISO time of the answer. */
  at: string;
  /** What the request added: a new prompt, or the result of the last answer's tool call. */
  adds: 'prompt' | 'result';
  read: 'previous' | 'system' | 'shared' | 'none';
  model?: string;
  cwd?: string;
  thinking?: boolean;
  /** The row's writes were 1-hour ones. */
  long?: boolean;
}

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

/** Tokens of a request's messages as the replay sizes them (ratio 1: the log's cl100k counts). */
function tokensOf(messages: readonly MessageParam[]): number {
  return messages.reduce((total, message) => {
    const plain = (message.content as unknown as Array<Record<string, unknown>>).map((block) =>
      block['type'] === 'thinking' ? { type: 'text', text: block['thinking'] } : block,
    );
    const units = requestUnits(
      { messages: [{ ...message, content: plain } as unknown as MessageParam] },
      tokenizer,
    );
    return total + units.reduce((sum, unit) => sum + unit.tokens, 0);
  }, 0);
}

/**
 * A Claude Code log whose usage rows are what the API billed: each request is the head and its
 * messages, and it read what the step says (the previous request whole, the head, the part other
 * sessions share, nothing) and wrote the rest.
 */
function session(steps: readonly Step[], shared = 0): string {
  const lines: string[] = [];
  const messages: MessageParam[] = [];
  let parent: string | null = null;
  let previous = 0;
  const push = (fields: Record<string, unknown>) => {
    const uuid = `u${lines.length}`;
    lines.push(JSON.stringify({ sessionId: 's', uuid, parentUuid: parent, ...fields }));
    parent = uuid;
  };
  steps.forEach((step, i) => {
    const cwd = step.cwd ?? '/work';
    if (step.adds === 'prompt') {
      const prompt: MessageParam = { role: 'user', content: [{ type: 'text', text: words(60, `p${i}w`) }] };
      messages.push(prompt);
      push({ type: 'user', timestamp: step.at, cwd, message: prompt });
    } else {
      const result: MessageParam = {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `t${i - 1}`, content: words(400, `r${i}w`) }],
      };
      messages.push(result);
      push({ type: 'user', timestamp: step.at, cwd, message: result });
    }
    const total = HEAD + tokensOf(messages);
    const read = { previous, system: SYSTEM, shared, none: 0 }[step.read];
    const written = total - read;
    const next = steps[i + 1];
    const answer: Array<Record<string, unknown>> = step.thinking
      ? [{ type: 'thinking', thinking: '', signature: `sig${i}` }]
      : [];
    answer.push(
      next?.adds === 'result'
        ? { type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `run ${i}` } }
        : { type: 'text', text: `done ${i}` },
    );
    const usage = {
      input_tokens: 0,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: written,
      cache_creation: {
        ephemeral_5m_input_tokens: step.long ? 0 : written,
        ephemeral_1h_input_tokens: step.long ? written : 0,
      },
      output_tokens: 1,
    };
    const model = step.model ?? 'claude-sonnet-4-20250514';
    const message = { id: `m${i}`, role: 'assistant', model, content: answer, usage, stop_reason: null };
    push({ type: 'assistant', timestamp: step.at, cwd, message });
    messages.push({ role: 'assistant', content: answer } as unknown as MessageParam);
    previous = total;
  });
  return lines.join('\n');
}

/** Predicted over recorded writes of a session, under some rules. */
function writtenRatio(log: string, rules: ReadonlySet<FitRule>): number {
  const fit = fitSession(usageCalls(log), tokenizer, { warmHead: true, rules });
  const predicted = fit.calls.reduce((t, c) => t + c.predicted.written5m + c.predicted.written1h, 0);
  const recorded = fit.calls.reduce((t, c) => t + c.recorded.written, 0);
  return predicted / recorded;
}

const loop = (from: number, count: number, step: Partial<Step> = {}): Step[] =>
  Array.from({ length: count }, (_, i) => ({
    at: `2026-03-02T10:${String(from + i).padStart(2, '0')}:00.000Z`,
    adds: 'result' as const,
    read: 'previous' as const,
    ...step,
  }));
const start = (step: Partial<Step> = {}): Step => ({
  at: '2026-03-02T09:59:00.000Z',
  adds: 'prompt',
  read: 'none',
  ...step,
});

/** For each rule, a session only it explains. */
const CASES: Record<FitRule, string> = {
  // Plan mode: Opus plans, Sonnet codes; Sonnet's cache has none of the Opus calls.
  model: session([
    start({ model: 'claude-opus-4-1-20250805' }),
    ...loop(0, 4, { model: 'claude-opus-4-1-20250805' }),
    { at: '2026-03-02T10:04:30.000Z', adds: 'result', read: 'none' },
    ...loop(5, 4),
  ]),
  // Written for an hour: a 20-minute pause reads everything back.
  ttl: session([
    start({ long: true }),
    ...loop(0, 3, { long: true }),
    { at: '2026-03-02T10:23:00.000Z', adds: 'result', read: 'previous', long: true },
    ...loop(24, 3, { long: true }),
  ]),
  // "think" in the second prompt turns thinking on: the messages are cached afresh.
  thinking: session([
    start(),
    ...loop(0, 3),
    { at: '2026-03-02T10:04:00.000Z', adds: 'prompt', read: 'system', thinking: true },
    ...loop(5, 3, { thinking: true }),
  ]),
  // Opus 4.6 keeps earlier turns' thinking: a new prompt changes nothing before it.
  keep: session([
    start({ model: 'claude-opus-4-6', thinking: true }),
    ...loop(0, 3, { model: 'claude-opus-4-6', thinking: true }),
    {
      at: '2026-03-02T10:04:00.000Z',
      adds: 'prompt',
      read: 'previous',
      model: 'claude-opus-4-6',
      thinking: true,
    },
    ...loop(5, 3, { model: 'claude-opus-4-6', thinking: true }),
  ]),
  // Other sessions keep the tools and a first part of the system warm, not this session's own
  // part: after a pause only that part is read. (Two moves of directory read the system prompt.)
  warm: session(
    [
      start({ read: 'shared' }),
      ...loop(0, 3),
      { at: '2026-03-02T10:04:00.000Z', adds: 'prompt', read: 'system', cwd: '/work/a' },
      ...loop(5, 2, { cwd: '/work/a' }),
      { at: '2026-03-02T10:08:00.000Z', adds: 'prompt', read: 'system', cwd: '/work/b' },
      ...loop(9, 2, { cwd: '/work/b' }),
      { at: '2026-03-02T10:25:00.000Z', adds: 'prompt', read: 'shared', cwd: '/work/b' },
      ...loop(26, 2, { cwd: '/work/b' }),
    ],
    5_000,
  ),
  // The agent moved to another directory: the next prompt's context names it.
  cwd: session([
    start(),
    ...loop(0, 3),
    { at: '2026-03-02T10:04:00.000Z', adds: 'prompt', read: 'system', cwd: '/work/sub' },
    ...loop(5, 3, { cwd: '/work/sub' }),
  ]),
  // Past midnight (UTC) the next prompt's context names another day.
  date: session([
    { ...start(), at: '2026-03-02T23:56:00.000Z' },
    ...loop(0, 2).map((step, i) => ({ ...step, at: `2026-03-02T23:5${7 + i}:00.000Z` })),
    { at: '2026-03-03T00:01:00.000Z', adds: 'prompt', read: 'system' },
    ...loop(2, 3).map((step) => ({ ...step, at: step.at.replace('2026-03-02T10', '2026-03-03T00') })),
  ]),
};

describe('the replay rules against synthetic usage rows', () => {
  it.each(FIT_RULES)('the %s rule is what makes the predicted writes the recorded ones', (rule) => {
    const log = CASES[rule];
    expect(Math.abs(writtenRatio(log, ALL_FIT_RULES) - 1)).toBeLessThan(0.02);
    const without = new Set(FIT_RULES.filter((other) => other !== rule));
    expect(Math.abs(writtenRatio(log, without) - 1)).toBeGreaterThan(0.04);
  });
});

describe('choosing rules on some sessions only', () => {
  it('keeps a rule that helps or does not hurt, and leaves out one that hurts', () => {
    const figures = (rules: ReadonlySet<FitRule>): FitFigures => ({
      read: 0,
      // `model` halves the error, `ttl` changes nothing, `date` doubles it.
      written: 10 * (rules.has('model') ? 0.5 : 1) * (rules.has('date') ? 2 : 1),
      medianRead: 0,
      medianWritten: 0,
      sessions: 3,
    });
    const chosen = chooseRules(figures);
    expect(chosen[0]).toBe('model');
    expect(chosen).toContain('ttl');
    expect(chosen).not.toContain('date');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { PROFIT_SPACING_CALLS } from '../../../src/core/garden/plan/plan.js';
import { validate } from '../../../src/core/transcript/validate.js';
import { countRequest } from '../../../src/core/tokens/count.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { toRequest, type MessageParam, type Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, blocksOf, garden, tempStore, upTo } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

const tokenizer = defaultTokenizer();
const BUDGET = 20_000;
const off = { inject: 'off' as const };

/** Replays a transcript call by call (before each assistant message and at the end). */
function replay(transcript: Transcript, budget: number, config = {}) {
  const g = garden(store, budget, { ...off, ...config });
  const calls: Array<{ request: ReturnType<typeof g.render>; event: boolean; kind?: string; saved: number }> =
    [];
  transcript.messages.forEach((m, i) => {
    if (m.role !== 'assistant' && i !== transcript.messages.length - 1) return;
    const at = m.role === 'assistant' ? i : i + 1;
    if (at === 0) return;
    g.sync(upTo(transcript, at));
    const plan = g.plan();
    calls.push({
      request: g.render(),
      event: plan.event !== undefined,
      ...(plan.event ? { kind: plan.event.kind } : {}),
      saved: plan.event ? plan.event.tokensBefore - plan.event.tokensAfter : 0,
    });
  });
  return { g, calls };
}

describe('plan and render', () => {
  it('changes nothing while the context is under the high-water mark', () => {
    const g = garden(store, 1_000_000, off);
    g.sync(agentSession(3));
    expect(g.plan().event).toBeUndefined();
    const request = g.render();
    expect(request.messages).toEqual(agentSession(3).messages);
  });

  it('compacts down to the low-water mark once above the high-water mark', () => {
    const session = agentSession(12);
    const g = garden(store, BUDGET, off);
    g.sync(session);
    const plan = g.plan();
    expect(plan.event?.kind).toBe('pressure');
    expect(plan.tokens).toBeLessThanOrEqual(0.5 * BUDGET);
    expect(countRequest(tokenizer, g.render())).toBe(plan.tokens);
  });

  it('keeps every rendered request within the budget and valid, over a whole replay', () => {
    const { calls } = replay(agentSession(30), BUDGET);
    for (const { request } of calls) {
      expect(validate(request).issues).toEqual([]);
      expect(countRequest(tokenizer, request)).toBeLessThanOrEqual(BUDGET);
    }
  });

  it('batches: events are rare, and between events each request extends the previous one byte for byte', () => {
    for (const profitEvents of [false, true]) {
      const { calls } = replay(agentSession(30, { lines: 40 }), BUDGET, { profitEvents });
      const events = calls.filter((c) => c.event).length;
      expect(events).toBeGreaterThan(0);
      // Pressure events are rare (hysteresis); profit events come as often as they pay, in batches.
      if (!profitEvents) expect(events).toBeLessThan(calls.length / 3);
      for (let i = 1; i < calls.length; i++) {
        const previous = JSON.stringify(calls[i - 1]!.request.messages).slice(0, -1);
        const current = JSON.stringify(calls[i]!.request.messages);
        if (!calls[i]!.event) expect(current.startsWith(previous)).toBe(true);
      }
    }
  });

  it('below the high-water mark, compacts when the rewrite pays for itself, in batches', () => {
    const { calls } = replay(agentSession(30, { lines: 40 }), BUDGET);
    const profit = calls.filter((c) => c.kind === 'profit');
    expect(profit.length).toBeGreaterThan(0);
    for (const call of profit) expect(call.saved).toBeGreaterThanOrEqual(0.05 * BUDGET);
    // Never in the first calls: the horizon (calls so far) is too short to pay for a rewrite.
    expect(calls.slice(0, 3).some((c) => c.event)).toBe(false);
    // Cheaper to send than without: fewer tokens over the session, same validity.
    const without = replay(agentSession(30, { lines: 40 }), BUDGET, { profitEvents: false }).calls;
    const total = (list: typeof calls) => list.reduce((n, c) => n + countRequest(tokenizer, c.request), 0);
    expect(total(calls)).toBeLessThan(total(without));
  });

  it('spaces profit events: none within PROFIT_SPACING_CALLS calls of the previous event', () => {
    for (const lines of [40, 80]) {
      const { calls } = replay(agentSession(40, { lines }), BUDGET);
      const eventCalls = calls.flatMap((c, i) => (c.event ? [{ i, kind: c.kind }] : []));
      expect(eventCalls.filter((e) => e.kind === 'profit').length).toBeGreaterThan(3);
      for (let k = 1; k < eventCalls.length; k++)
        if (eventCalls[k]!.kind === 'profit')
          expect(eventCalls[k]!.i - eventCalls[k - 1]!.i).toBeGreaterThanOrEqual(PROFIT_SPACING_CALLS);
    }
  });

  it('never shortens the system prompt, the typed prompt or the working window', () => {
    const session = agentSession(20, { lines: 40 });
    const g = garden(store, BUDGET, { ...off, keepLastTurns: 3 });
    g.sync(session);
    g.plan();
    const request = g.render();
    expect(request.system).toBe(session.system);
    expect(request.messages[0]).toEqual(session.messages[0]);
    const tail = session.messages.length - 6; // last 3 turns: assistant + user each
    expect(request.messages.slice(tail)).toEqual(session.messages.slice(tail));
  });

  it('shortens tool results in place: same tool_use_id, is_error kept, a header naming class, sizes and id', () => {
    const session = agentSession(10);
    (session.messages[2]!.content as Array<{ is_error?: boolean }>)[0]!.is_error = true;
    const g = garden(store, 8_000, off);
    g.sync(session);
    g.plan();
    const request = g.render();
    const shortened = blocksOf(request.messages).filter(
      ({ block }) =>
        block.type === 'tool_result' &&
        typeof block.content === 'string' &&
        block.content.startsWith('[gardener:'),
    );
    expect(shortened.length).toBeGreaterThan(0);
    const first = request.messages[2]!.content as Array<{
      type: string;
      tool_use_id: string;
      is_error?: boolean;
      content: string;
    }>;
    expect(first[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_0', is_error: true });
    expect(first[0]!.content).toMatch(
      /^\[gardener: (log|error) (summary [\d,]+→[\d,]+ tok · fetch\("\w+"(, query: "what you need")?\)\]\n|[\d,]+→0 tok · fetch\("\w+"(, query: "what you need")?\))/,
    );
  });

  it('renders the same request for the same input (deterministic)', () => {
    const a = replay(agentSession(15), 12_000).calls.map((c) => JSON.stringify(c.request));
    const b = replay(agentSession(15), 12_000).calls.map((c) => JSON.stringify(c.request));
    expect(b).toEqual(a);
  });

  it('keeps thinking blocks byte-identical', () => {
    const session = agentSession(10);
    const thinking = {
      type: 'thinking' as const,
      thinking: 'Let me think about module3.',
      signature: 'EqQBCkgIAxABGAIiQL',
    };
    (session.messages[7]!.content as unknown[]).unshift(thinking);
    const g = garden(store, 8_000, off);
    g.sync(session);
    g.plan();
    expect((g.render().messages[7]!.content as unknown[])[0]).toEqual(thinking);
  });

  it('compacts to a target on request, without hysteresis (the compress --budget path)', () => {
    const g = garden(store, 1_000_000, off);
    g.sync(agentSession(8));
    const plan = g.plan({ target: 9_000 });
    expect(plan.event?.kind).toBe('target');
    expect(plan.tokens).toBeLessThanOrEqual(9_000);
  });

  it('shortens a large file body inside a tool call and keeps the input an object', () => {
    const body = Array.from(
      { length: 200 },
      (_, i) => `export function handler${i}(x: number): number {\n  return x * ${i};\n}\n`,
    ).join('\n');
    const messages: MessageParam[] = [
      { role: 'user', content: 'write the handlers file' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'w1',
            name: 'Write',
            input: { file_path: 'src/handlers.ts', content: body },
          },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'w1', content: 'File created successfully' }],
      },
      ...agentSession(6).messages.slice(1),
    ];
    const g = garden(store, 9_000, off);
    g.sync({ id: 'w', format: 'anthropic', messages });
    g.plan();
    const call = (
      g.render().messages[1]!.content as Array<{ input: { file_path: string; content: string } }>
    )[0]!;
    expect(call.input.file_path).toBe('src/handlers.ts');
    expect(call.input.content.length).toBeLessThan(body.length / 3);
    expect(call.input.content).toMatch(/^(\[gardener: code summary|content: \[gardener: code )/);
  });

  it('counts the request exactly as countRequest does', () => {
    const g = garden(store, 10_000, off);
    g.sync(agentSession(9));
    const plan = g.plan();
    expect(countRequest(tokenizer, g.render())).toBe(plan.tokens);
    expect(g.pressure().rendered_tokens).toBe(plan.tokens);
  });

  it('compacts opportunistically when the cache has gone cold, and not while it is warm', () => {
    let now = 1_000_000;
    const g = garden(store, 20_000, { ...off, now: () => now, profitEvents: false });
    let turns = 1;
    while (countRequest(tokenizer, toRequest(agentSession(turns + 1, { lines: 40 }))) < 0.6 * 20_000) turns++;
    const session = agentSession(turns, { lines: 40 }); // between the low- and high-water marks
    g.sync(upTo(session, 3));
    g.plan();
    g.render();
    g.sync(session);
    now += 60_000;
    expect(g.plan().event).toBeUndefined();
    g.render();
    now += 6 * 60_000;
    const plan = g.plan();
    expect(plan.event?.kind).toBe('cold');
    expect(plan.cold).toBe(true);
    expect(plan.tokens).toBeLessThanOrEqual(0.5 * 20_000);
  });
});

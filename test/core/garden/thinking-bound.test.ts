import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bindProduced,
  checkRequest,
  createBindingStore,
  type BindingStore,
} from '../../../src/core/binding/index.js';
import type { Garden } from '../../../src/core/garden/index.js';
import type { MessageParam, MessagesRequest, Transcript } from '../../../src/core/transcript/types.js';
import { buildLog, garden, tempStore } from './helpers.js';

/**
 * The engine on a model with preserved thinking (DESIGN "Preserved thinking"): every request it
 * renders passes the API's prefix check, as core/binding simulates it, whatever its events change;
 * what it leaves out stays out, across a restart too.
 */
const { store, cleanup } = tempStore();
afterAll(cleanup);

let signatures = 0;
/** A reply as the API sends it: its thinking first (signed), then a tool call. */
function reply(step: number, thinking = 120): MessageParam {
  return {
    role: 'assistant',
    content: [
      {
        type: 'thinking',
        thinking: `Step ${step}: ${'weighing what the last output said; '.repeat(Math.ceil(thinking / 8))}`,
        signature: `sig-${++signatures}-${'x'.repeat(40)}`,
      },
      { type: 'tool_use', id: `toolu_${step}`, name: 'Bash', input: { command: `make module${step}` } },
    ],
  };
}

function toolResult(step: number, lines: number): MessageParam {
  return {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: `toolu_${step}`, content: buildLog(`module${step}`, lines) },
    ],
  };
}

interface Run {
  /** Requests the simulated API refused (a thinking block failed the prefix check). */
  refused: number;
  events: number;
  dropped: number;
  requests: MessagesRequest[];
}

/**
 * A tool loop through the garden, the API simulated: each request is checked as the API checks it,
 * then answered with a thinking reply that the API binds to that request.
 */
function loop(
  g: Garden,
  api: BindingStore,
  options: { steps: number; lines: (step: number) => number; model?: string; transcript?: Transcript },
): Run {
  const transcript: Transcript = options.transcript ?? {
    id: 'bound',
    format: 'anthropic',
    system: 'You are a careful coding agent.',
    extra: { model: options.model ?? 'claude-sonnet-5-5', max_tokens: 4096, thinking: { type: 'adaptive' } },
    messages: [{ role: 'user', content: 'Find out why the build fails.' }],
  };
  const run: Run = { refused: 0, events: 0, dropped: 0, requests: [] };
  for (let step = 0; step < options.steps; step++) {
    g.sync(transcript);
    const plan = g.plan({ strict: false });
    if (plan.event) run.events++;
    const request = g.render();
    run.requests.push(request);
    const check = checkRequest(request, api);
    if (check.failures.length > 0) run.refused++;
    const answer = reply(step);
    bindProduced(request, answer.content as unknown[], api);
    transcript.messages.push(answer, toolResult(step, options.lines(step)));
  }
  run.dropped = g.counters().thinkingDropped;
  return run;
}

describe('the engine with preserved thinking', () => {
  it('never sends a request that fails the prefix check, while its events keep the request under budget', () => {
    const g = garden(store, 12_000);
    const run = loop(g, createBindingStore(), { steps: 30, lines: () => 120 });
    expect(run.refused).toBe(0);
    expect(run.events).toBeGreaterThan(0);
    // A change to a sent block left out the thinking after it, for good.
    expect(run.dropped).toBeGreaterThan(0);
    expect(g.counters().thinkingRepaired).toBe(0);
    expect(g.pressure().rendered_tokens).toBeLessThanOrEqual(12_000);
  });

  it('leaves out only thinking produced after what it changed: the earliest thinking block is still sent', () => {
    const g = garden(store, 12_000);
    const run = loop(g, createBindingStore(), { steps: 30, lines: () => 120 });
    const last = run.requests.at(-1)!;
    const thinking = last.messages.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((b) => b.type === 'thinking') : [],
    );
    // Thinking kept before the first change stays; every block after a change is gone.
    expect(thinking.length).toBeGreaterThan(0);
    expect(thinking.length).toBeLessThan(30);
  });

  it('sends a block that does not fit whole as its summary at its first send, not as a stub', () => {
    const g = garden(store, 6_000);
    const api = createBindingStore();
    // Small results, then one far over the window's share of the budget.
    const run = loop(g, api, { steps: 6, lines: (step) => (step === 4 ? 1_200 : 10) });
    expect(run.refused).toBe(0);
    // The last request is the big result's first send: it is the newest message.
    const last = run.requests.at(-1)!;
    const sent = last.messages.at(-1);
    const result = Array.isArray(sent?.content) ? sent.content[0] : undefined;
    const text = result?.type === 'tool_result' ? JSON.stringify(result.content) : '';
    expect(text).toMatch(/^"\[gardener: log summary /);
    expect(text).toContain('ERROR module4: build failed');
  });

  it('keeps what it left out left out after a restart, and the check still passes', () => {
    const session = 'bound-restart';
    const api = createBindingStore();
    const transcript: Transcript = {
      id: 'restart',
      format: 'anthropic',
      system: 'You are a careful coding agent.',
      extra: { model: 'claude-opus-5-5', max_tokens: 4096 },
      messages: [{ role: 'user', content: 'Find out why the build fails.' }],
    };
    const first = garden(store, 10_000, {}, session);
    const before = loop(first, api, { steps: 20, lines: () => 120, transcript });
    first.close();
    expect(before.dropped).toBeGreaterThan(0);
    const again = garden(store, 10_000, {}, session);
    const after = loop(again, api, { steps: 10, lines: () => 120, transcript });
    expect(before.refused + after.refused).toBe(0);
  });

  it('holds for any session and budget (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4_000, max: 20_000 }),
        fc.array(fc.integer({ min: 5, max: 400 }), { minLength: 5, maxLength: 24 }),
        (budget, sizes) => {
          const g = garden(store, budget);
          const run = loop(g, createBindingStore(), {
            steps: sizes.length,
            lines: (step) => sizes[step] as number,
          });
          expect(run.refused).toBe(0);
          expect(g.counters().thinkingRepaired).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('changes what it likes on a model without preserved thinking, and on an account without the check', () => {
    for (const [model, config] of [
      ['claude-sonnet-4-5', {}],
      ['claude-sonnet-5-5', { prefixCheck: 'off' as const }],
    ] as const) {
      const g = garden(store, 12_000, config);
      const run = loop(g, createBindingStore(), { steps: 30, lines: () => 120, model });
      expect(run.events).toBeGreaterThan(0);
      // Nothing binds it: thinking goes only when the budget leaves nothing else (thinking-unbound.test.ts),
      // never the newest reply's.
      if (model === 'claude-sonnet-4-5') expect(run.dropped).toBe(0);
      const last = run.requests.at(-1)?.messages.findLast((m) => m.role === 'assistant');
      expect(JSON.stringify(last?.content)).toContain('"type":"thinking"');
    }
  });
});

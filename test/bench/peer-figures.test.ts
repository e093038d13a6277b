import { emptyFidelity } from '../../src/bench/fidelity.js';
import { describe, expect, it } from 'vitest';
import { createCostMeter, type CallFigures } from '../../src/bench/cost.js';
import { figuresOf } from '../../src/bench/figures.js';
import { clearStrategy } from '../../src/bench/strategies/clear.js';
import { maskStrategy } from '../../src/bench/strategies/mask.js';
import { rawStrategy } from '../../src/bench/strategies/raw.js';
import { summaryStrategy } from '../../src/bench/strategies/summary.js';
import type { Strategy, StrategyOptions } from '../../src/bench/types.js';
import { options, session } from './support.js';

async function replay(strategy: Strategy, opts: StrategyOptions): Promise<CallFigures[]> {
  const s = session();
  const run = await strategy.start(s, opts);
  const costs = createCostMeter(opts.meter);
  const out: CallFigures[] = [];
  for (const call of s.calls)
    out.push(costs.next(await run.context(call.index), s.transcript.messages[call.messageIndex]));
  return out;
}

// Hand computation (word tokens, see support.ts): context of call i = 2 + 7 + 20·i.
describe('peer strategies on the 12-call fixture, against hand-computed figures', () => {
  it('raw: billed 1,428, prefix = everything but the newest tool result, cost 330.25', async () => {
    const calls = await replay(rawStrategy, options());
    expect(calls.map((c) => c.context)).toEqual(Array.from({ length: 12 }, (_, i) => 9 + 20 * i));
    // call 0 has no previous call; call i ≥ 1 reuses head, m0, the earlier rounds and its own output a_{i-1}.
    expect(calls.map((c) => c.prefix)).toEqual([
      0,
      ...Array.from({ length: 11 }, (_, k) => 20 * (k + 1) - 5),
    ]);
    // cost_0 = 1.25·9 = 11.25; cost_i = 0.1·(20i − 5) + 1.25·14 = 2i + 17.
    expect(calls.map((c) => c.cost)).toEqual([
      11.25,
      ...Array.from({ length: 11 }, (_, k) => 2 * (k + 1) + 17),
    ]);
    const figures = figuresOf('raw', [{ strategy: 'raw', calls, fidelity: emptyFidelity() }], 200);
    expect(figures).toMatchObject({ calls: 12, billed: 1428, peak: 229, over: 2, cost: 330.25, events: 0 });
  });

  it('mask (M = 3): each call rewrites from the newly masked result, so it costs 818.25 for 1,248 billed', async () => {
    const calls = await replay(maskStrategy, options({ maskKeep: 3 }));
    // A masked result is "[Old tool result content cleared]": 5 words + 4 = 9 instead of 14.
    expect(calls.map((c) => c.context)).toEqual(
      Array.from({ length: 12 }, (_, i) => 9 + 20 * i - 5 * Math.max(0, i - 3)),
    );
    // From call 4 on, r_{i-4} changes form: the prefix stops just before it (15i − 45).
    expect(calls.slice(4).map((c) => c.prefix)).toEqual(
      Array.from({ length: 8 }, (_, k) => 15 * (k + 4) - 45),
    );
    const total = calls.reduce((sum, c) => sum + c.cost, 0);
    expect(total).toBeCloseTo(818.25, 9);
    expect(calls.reduce((sum, c) => sum + c.context, 0)).toBe(1248);
    expect(calls.map((c) => c.events)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('clear: nothing until the raw context passes min(100k, window/2), then all but 3 results cleared', async () => {
    const calls = await replay(clearStrategy, options({ window: 300 })); // trigger 150: raw passes it at call 8 (169)
    expect(calls.slice(0, 8).map((c) => c.events)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // "[Tool result cleared to save context]" = 6 words + 4 = 10; at call 8 five results are cleared.
    expect(calls[8]).toMatchObject({
      context: 169 - 5 * 4,
      prefix: 15,
      cost: 0.1 * 15 + 1.25 * (149 - 15),
      events: 1,
    });
    expect(calls[9]).toMatchObject({ context: 21 + 16 * 9, prefix: 16 * 9 - 49 });
    expect(calls.slice(8).map((c) => c.events)).toEqual([1, 1, 1, 1]);
  });

  it('summary: at 83.5% of the window, all but the tail that fits in 10% becomes a 6% summary', async () => {
    const calls = await replay(summaryStrategy, options({ window: 250 })); // trigger 208.75: call 10 (209)
    expect(calls.slice(0, 10).every((c) => c.events === 0)).toBe(true);
    // Tail = a_9 + r_9 (20 ≤ 25); replaced = m0 + 9 rounds = 187; written = round(11.22) = 11; the message counts 11 + 4.
    expect(calls[10]).toMatchObject({
      context: 2 + 15 + 20,
      prefix: 2,
      events: 1,
      summaryRead: 209,
      summaryWritten: 11,
    });
    expect(calls[10]?.cost).toBeCloseTo(0.1 * 2 + 1.25 * 35 + 0.1 * 209 + 5 * 11, 9);
    // The next call caches head, summary, tail and its own output.
    expect(calls[11]).toMatchObject({ context: 57, prefix: 43, events: 0 });
    expect(calls[11]?.cost).toBeCloseTo(0.1 * 43 + 1.25 * 14, 9);
  });
});

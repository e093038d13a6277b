import { emptyFidelity } from '../../../src/doors/bench/fidelity.js';
import { describe, expect, it } from 'vitest';
import { createCostMeter, type CallFigures } from '../../../src/doors/bench/cost.js';
import { figuresOf } from '../../../src/doors/bench/figures.js';
import { clearStrategy } from '../../../src/doors/bench/strategies/clear.js';
import { maskStrategy } from '../../../src/doors/bench/strategies/mask.js';
import { rawStrategy } from '../../../src/doors/bench/strategies/raw.js';
import { summaryStrategy } from '../../../src/doors/bench/strategies/summary.js';
import type { Strategy, StrategyOptions } from '../../../src/doors/bench/types.js';
import { options, session } from './support.js';

async function replay(strategy: Strategy, opts: StrategyOptions): Promise<CallFigures[]> {
  const s = session();
  const run = await strategy.start(s, opts);
  // The fixture is tiny: the API's minimum cacheable length is lowered to see the cache at work.
  const costs = createCostMeter(opts.meter, { cache: { minTokens: 0 } });
  const out: CallFigures[] = [];
  for (const call of s.calls)
    out.push(costs.next(await run.context(call.index), s.transcript.messages[call.messageIndex]));
  return out;
}

// Hand computation (word tokens, see support.ts): context of call i = 2 + 7 + 20·i. The cache model
// (src/core/cache/prompt-cache.ts): breakpoints on the head and the last message; a call reads the
// longest prefix written before at a breakpoint within 20 blocks back, and writes the rest.
describe('peer strategies on the 12-call fixture, against hand-computed figures', () => {
  it('raw: billed 1,428, each call reads what the previous call sent, cost 406.15', async () => {
    const calls = await replay(rawStrategy, options());
    expect(calls.map((c) => c.context)).toEqual(Array.from({ length: 12 }, (_, i) => 9 + 20 * i));
    // call 0 has nothing to read; call i ≥ 1 reads up to the previous call's last breakpoint (its
    // whole context, 20i − 11) and writes its own output a_{i-1} and the new result r_{i-1} (20).
    expect(calls.map((c) => c.prefix)).toEqual([
      0,
      ...Array.from({ length: 11 }, (_, k) => 20 * (k + 1) - 11),
    ]);
    // cost_0 = 1.25·9 = 11.25; cost_i = 0.1·(20i − 11) + 1.25·20 = 2i + 23.9.
    calls.forEach((c, i) => expect(c.cost).toBeCloseTo(i === 0 ? 11.25 : 2 * i + 23.9, 9));
    const figures = figuresOf('raw', [{ strategy: 'raw', calls, fidelity: emptyFidelity() }], 200);
    expect(figures).toMatchObject({ calls: 12, billed: 1428, peak: 229, over: 2, cost: 406.15, events: 0 });
  });

  it('mask (M = 3): each call rewrites all after m0 (later, after the head), so it costs 1,393.25 for 1,248 billed', async () => {
    const calls = await replay(maskStrategy, options({ maskKeep: 3 }));
    // A masked result is "[Old tool result content cleared]": 5 words + 4 = 9 instead of 14.
    expect(calls.map((c) => c.context)).toEqual(
      Array.from({ length: 12 }, (_, i) => 9 + 20 * i - 5 * Math.max(0, i - 3)),
    );
    // From call 4 on, r_{i-4} changes form, and every position written since came after it: only
    // the end of m0 (written by call 0) is left to read, until call 10 puts it more than 20 blocks
    // before the last breakpoint: from there only the head is read.
    expect(calls.map((c) => c.prefix)).toEqual([0, 9, 29, 49, 9, 9, 9, 9, 9, 9, 2, 2]);
    const total = calls.reduce((sum, c) => sum + c.cost, 0);
    expect(total).toBeCloseTo(1393.25, 9);
    expect(calls.reduce((sum, c) => sum + c.context, 0)).toBe(1248);
    expect(calls.map((c) => c.events)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('clear: nothing until the raw context passes min(100k, window/2), then all but 3 results cleared', async () => {
    const calls = await replay(clearStrategy, options({ window: 300 })); // trigger 150: raw passes it at call 8 (169)
    expect(calls.slice(0, 8).map((c) => c.events)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // "[Tool result cleared to save context]" = 6 words + 4 = 10; at call 8 five results are cleared:
    // r0 changed, so only the head and m0 (written by call 0) are read.
    expect(calls[8]).toMatchObject({ context: 169 - 5 * 4, prefix: 9, events: 1 });
    expect(calls[8]?.cost).toBeCloseTo(0.1 * 9 + 1.25 * (149 - 9), 9);
    // Call 9 clears r5, before every position written since: again only head and m0.
    expect(calls[9]).toMatchObject({ context: 21 + 16 * 9, prefix: 9 });
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
    // The next call reads head, summary and tail (call 10's context) and writes a_10 and r_10.
    expect(calls[11]).toMatchObject({ context: 57, prefix: 37, events: 0 });
    expect(calls[11]?.cost).toBeCloseTo(0.1 * 37 + 1.25 * 20, 9);
  });
});

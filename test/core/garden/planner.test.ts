import { describe, expect, it } from 'vitest';
import {
  breakCost,
  CACHE_MODEL,
  horizonCalls,
  MAX_HORIZON,
  LOSS_PER_NAME_LEFT_OUT,
  RETHINK_LOSS_PER_TOKEN,
  stepLoss,
} from '../../../src/core/garden/plan/cost-model.js';
import {
  compareSteps,
  selectProfitable,
  selectSteps,
  type MessageTokens,
} from '../../../src/core/garden/plan/planner.js';
import type { ThinkingDrops } from '../../../src/core/garden/plan/thinking-drops.js';
import { planStep as step } from './helpers.js';

const tenMessages = new Array<number>(10).fill(1_000);

/** `count` messages of `tokens` each, noting which ones the planner reads. */
function counted(count: number, tokens: number): { messageTokens: MessageTokens; read: Set<number> } {
  const read = new Set<number>();
  return {
    read,
    messageTokens: {
      length: count,
      at(m) {
        read.add(m);
        return tokens;
      },
    },
  };
}

describe('compareSteps', () => {
  it('orders summaries before stubs, then by priority per token saved, then older first', () => {
    const stub = step('s', 0, 5_000, 1, { phase: 2, to: 'stub' });
    const cheap = step('c', 5, 2_000, 20); // 21/2000
    const dear = step('d', 1, 200, 20); // 21/200
    const twin = step('t', 2, 2_000, 20);
    expect([stub, dear, twin, cheap].sort(compareSteps).map((s) => s.key)).toEqual(['t', 'c', 'd', 's']);
  });
});

describe('selectSteps', () => {
  it('does nothing when nothing is needed', () => {
    const result = selectSteps({
      steps: [step('a', 0, 500, 10)],
      need: 0,
      messageTokens: tenMessages,
      cachedMessages: 10,
      horizon: 10,
      cold: false,
      model: CACHE_MODEL,
    });
    expect(result.steps).toEqual([]);
    expect(result.feasible).toBe(true);
  });

  it('takes the lowest priority per token saved first, and stops once the need is met', () => {
    const steps = [step('log', 3, 900, 10), step('code', 3, 900, 60), step('prose', 3, 900, 40)];
    const result = selectSteps({
      steps,
      need: 1_500,
      messageTokens: tenMessages,
      cachedMessages: 10,
      horizon: 10,
      cold: false,
      model: CACHE_MODEL,
    });
    expect(result.steps.map((s) => s.key)).toEqual(['log', 'prose']);
    expect(result.saved).toBe(1_800);
  });

  it('prefers a late cut that rewrites little of the cache over an early one with cheaper blocks', () => {
    const early = step('early', 0, 600, 10);
    const late = step('late', 8, 600, 80);
    const result = selectSteps({
      steps: [early, late],
      need: 500,
      messageTokens: tenMessages,
      cachedMessages: 10,
      horizon: 10,
      cold: false,
      model: CACHE_MODEL,
    });
    expect(result.steps.map((s) => s.key)).toEqual(['late']);
    expect(result.cut).toBe(8);
  });

  it('moves the cut earlier only as far as the need requires', () => {
    const steps = [step('m1', 1, 600, 30), step('m5', 5, 600, 30), step('m8', 8, 600, 30)];
    const result = selectSteps({
      steps,
      need: 1_100,
      messageTokens: tenMessages,
      cachedMessages: 10,
      horizon: 10,
      cold: false,
      model: CACHE_MODEL,
    });
    expect(result.steps.map((s) => s.key).sort()).toEqual(['m5', 'm8']);
    expect(result.cut).toBe(5);
  });

  it('treats changes after the cached prefix as free of rewrite cost', () => {
    const steps = [step('old', 2, 600, 10), step('fresh', 9, 600, 90)];
    const result = selectSteps({
      steps,
      need: 500,
      messageTokens: tenMessages,
      cachedMessages: 9,
      horizon: 10,
      cold: false,
      model: CACHE_MODEL,
    });
    expect(result.steps.map((s) => s.key)).toEqual(['fresh']);
    expect(breakCost(CACHE_MODEL, 0)).toBe(0);
  });

  it('takes stubs only once every summary of the candidates is taken', () => {
    const steps = [
      step('a', 4, 400, 10),
      step('a', 4, 300, 10, { phase: 2, to: 'stub', afterSummary: true }),
      step('b', 4, 400, 50),
    ];
    const result = selectSteps({
      steps,
      need: 1_000,
      messageTokens: tenMessages,
      cachedMessages: 10,
      horizon: 10,
      cold: false,
      model: CACHE_MODEL,
    });
    expect(result.steps.map((s) => `${s.key}:${s.to}`)).toEqual(['a:summary', 'b:summary', 'a:stub']);
  });

  it('takes every step and says so when the need cannot be met', () => {
    const steps = [step('a', 1, 100, 10), step('b', 2, 100, 10)];
    const result = selectSteps({
      steps,
      need: 1_000,
      messageTokens: tenMessages,
      cachedMessages: 10,
      horizon: 10,
      cold: false,
      model: CACHE_MODEL,
    });
    expect(result.feasible).toBe(false);
    expect(result.steps).toHaveLength(2);
    expect(result.cut).toBe(1);
  });

  it('on a cold cache ignores position and skips steps not worth their loss', () => {
    const worth = step('big', 0, 2_000, 40);
    const notWorth = step('tiny', 9, 70, 100, { loss: 1_000_000 });
    const result = selectSteps({
      steps: [notWorth, worth],
      need: 5_000,
      messageTokens: tenMessages,
      cachedMessages: 0,
      horizon: 10,
      cold: true,
      model: CACHE_MODEL,
    });
    expect(result.steps.map((s) => s.key)).toEqual(['big']);
    expect(result.feasible).toBe(false);
  });

  it('on a cold cache drops a stub step whose summary step was not worth taking', () => {
    const summary = step('x', 0, 70, 100, { loss: 1_000_000 });
    const stub = step('x', 0, 500, 100, { phase: 2, to: 'stub', afterSummary: true, loss: 1 });
    const result = selectSteps({
      steps: [summary, stub],
      need: 100,
      messageTokens: tenMessages,
      cachedMessages: 0,
      horizon: 10,
      cold: true,
      model: CACHE_MODEL,
    });
    expect(result.steps).toEqual([]);
  });
});

describe('selectSteps and a tool result left whole ahead of the cut', () => {
  // A code file at message 3, then three large outputs; every assistant message keeps its thinking.
  const messageTokens = [100, 1_400, 330, 2_700, 600, 7_000, 330, 5_000, 330, 7_000, 330];
  const input = {
    messageTokens,
    cachedMessages: 11,
    model: CACHE_MODEL,
    horizon: 12,
    need: 12_000,
    cold: false,
  };
  const results = (flag: boolean) => [
    step('code', 3, 1_800, 5, { loss: 1_000, toolResult: flag }),
    step('log-a', 5, 6_500, 30, { loss: 4_000, toolResult: flag }),
    step('log-b', 7, 4_200, 30, { loss: 4_000, toolResult: flag }),
    step('log-c', 9, 6_500, 30, { loss: 4_000, toolResult: flag }),
  ];

  it('reaches back to it when the region a later cut leaves unsettled costs more', () => {
    // From message 5, logs a and c: 1.15 × 6,990 + 8,000 − 0.1 × 13,000 × 12 ≈ 439. From message 3,
    // the code file too: 1.15 × 8,490 + 9,000 − 17,760 ≈ 1,004, dearer on its own, but the batch from
    // 5 leaves messages 5–9 (6,660 tokens once shortened) for the next event to write again.
    const result = selectSteps({ ...input, steps: results(true) });
    expect(result.cut).toBe(3);
    expect(result.steps.map((s) => s.key).sort()).toEqual(['code', 'log-a', 'log-c']);
    expect(result.cost).toBeCloseTo(1.15 * 8_490 + 9_000 - 17_760);
    // Not a tool result: nothing pins the region there.
    expect(selectSteps({ ...input, steps: results(false) }).cut).toBe(5);
  });
});

describe('cost model', () => {
  it('estimates the calls left as the calls made so far, within bounds', () => {
    expect(horizonCalls(0)).toBe(4);
    expect(horizonCalls(12)).toBe(12);
    expect(horizonCalls(500)).toBe(MAX_HORIZON);
    expect(horizonCalls(500, 7)).toBe(7);
  });

  it('prices a stub at twice a summary', () => {
    expect(stepLoss(50, 'stub')).toBe(2 * stepLoss(50, 'summary'));
    expect(stepLoss(50, 'summary') + stepLoss(50, 'stub-after-summary')).toBe(stepLoss(50, 'stub'));
  });

  it('prices a summary higher for every name it leaves out', () => {
    expect(stepLoss(20, 'summary', 0)).toBe(stepLoss(20, 'summary'));
    expect(stepLoss(20, 'summary', 40)).toBeCloseTo(
      stepLoss(20, 'summary') * (1 + 40 * LOSS_PER_NAME_LEFT_OUT),
    );
    // A stub's loss is its own: the names were already priced in the summary step.
    expect(stepLoss(20, 'stub-after-summary', 40)).toBe(stepLoss(20, 'stub-after-summary'));
  });
});

describe('the messages a plan reads', () => {
  it('reads only those from the cached end down to the cuts it weighs, and chooses as with every count given', () => {
    const steps = [step('a', 1_990, 900, 10), step('b', 1_995, 900, 10), step('c', 1_997, 900, 40)];
    const { messageTokens, read } = counted(2_000, 1_000);
    const input = { steps, need: 1_500, cachedMessages: 1_998, horizon: 10, cold: false, model: CACHE_MODEL };
    const result = selectSteps({ ...input, messageTokens });
    expect(Math.min(...read)).toBe(1_990);
    expect(read.size).toBe(8);
    expect(result).toEqual(selectSteps({ ...input, messageTokens: new Array<number>(2_000).fill(1_000) }));

    const profit = counted(2_000, 1_000);
    const profitable = selectProfitable({ ...input, messageTokens: profit.messageTokens }, 0.8);
    expect(Math.min(...profit.read)).toBe(1_990);
    expect(profitable).toEqual(
      selectProfitable({ ...input, messageTokens: new Array<number>(2_000).fill(1_000) }, 0.8),
    );
  });
});

describe('selectProfitable', () => {
  const base = { messageTokens: new Array<number>(10).fill(4_000), cachedMessages: 10, model: CACHE_MODEL };

  it('takes a late batch when the calls to come pay for its rewrite', () => {
    // 3,000 saved at message 8: rewrite 1.15 × (8,000 − 3,000) = 5,750, loss 12 × 20 = 240,
    // value 0.1 × 3,000 × 30 calls = 9,000.
    const result = selectProfitable({ ...base, steps: [step('late', 8, 3_000, 20)], horizon: 30 }, 1);
    expect(result?.steps.map((s) => s.key)).toEqual(['late']);
    expect(result?.cut).toBe(8);
    expect(result?.cost).toBeCloseTo(5_750 + 240 - 9_000);
  });

  it('leaves the cache alone when the rewrite or the loss costs more than the saving brings back', () => {
    // 500 saved at message 1: rewrite 1.15 × (36,000 − 500) ≈ 40,800 against 0.1 × 500 × 40 = 2,000.
    expect(selectProfitable({ ...base, steps: [step('early', 1, 500, 20)], horizon: 40 }, 1)).toBeUndefined();
    // One call to come: 0.1 × 3,000 = 300 does not cover a loss of 12 × 90.
    expect(selectProfitable({ ...base, steps: [step('late', 8, 3_000, 90)], horizon: 1 }, 1)).toBeUndefined();
  });

  it('never stubs, and a larger factor asks for more value', () => {
    const stub = step('stub', 9, 3_000, 10, { phase: 2, to: 'stub' });
    expect(selectProfitable({ ...base, steps: [stub], horizon: 40 }, 1)).toBeUndefined();
    const late = step('late', 8, 3_000, 20);
    expect(selectProfitable({ ...base, steps: [late], horizon: 30 }, 1)).toBeDefined();
    // 2 × (5,750 + 240) = 11,980 > 9,000.
    expect(selectProfitable({ ...base, steps: [late], horizon: 30 }, 2)).toBeUndefined();
  });

  it('counts the reasoning a bound cut leaves out in full, not at the factor', () => {
    // Message 9 keeps 400 tokens of bound thinking: a change at message 8 leaves them out.
    const drops: ThinkingDrops = {
      sent: 10,
      tokens: (from, to) => (from <= 9 && to > 9 ? 400 : 0),
      earliest: 0,
      lossPerToken: RETHINK_LOSS_PER_TOKEN,
    };
    const late = step('late', 8, 3_000, 20);
    // Rewrite 1.15 × (8,000 − 3,000 − 400) = 5,290, loss 240, reasoning 5 × 400 = 2,000.
    // 18 calls: value 0.1 × 3,400 × 18 = 6,120, short of 0.8 × 5,530 + 2,000 = 6,424 (it would
    // clear 0.8 × 7,530 = 6,024); the same batch with no thinking behind it runs.
    expect(selectProfitable({ ...base, steps: [late], horizon: 18, drops }, 0.8)).toBeUndefined();
    expect(selectProfitable({ ...base, steps: [late], horizon: 18 }, 0.8)).toBeDefined();
    // 24 calls: value 8,160 pays for it.
    const result = selectProfitable({ ...base, steps: [late], horizon: 24, drops }, 0.8);
    expect(result?.thinking).toBe(400);
    expect(result?.cost).toBeCloseTo(0.8 * (5_290 + 240) + 2_000 - 8_160);
  });

  describe('a tool result left whole ahead of the cut', () => {
    // A code file at message 3, then three large outputs; every assistant message keeps its thinking.
    const messageTokens = [100, 1_400, 330, 2_700, 600, 7_000, 330, 5_000, 330, 7_000, 330];
    const input = { messageTokens, cachedMessages: 11, model: CACHE_MODEL, horizon: 12 };
    const results = (flag: boolean) => [
      step('code', 3, 1_800, 57, { loss: 1_265, toolResult: flag }),
      step('log-a', 5, 6_500, 30, { loss: 4_000, toolResult: flag }),
      step('log-b', 7, 4_200, 30, { loss: 4_000, toolResult: flag }),
      step('log-c', 9, 6_500, 30, { loss: 4_000, toolResult: flag }),
    ];

    it('goes back to it when leaving it costs more than taking it, and only then', () => {
      // From message 5: 0.8 × (1.15 × 2,790 + 12,000) − 0.1 × 17,200 × 12 ≈ −8,473. From message 3:
      // 0.8 × (1.15 × 4,290 + 13,265) − 22,800 ≈ −8,241, dearer on its own, but the batch from 5 leaves
      // the compacted region (2,790 tokens once shortened) for the next event to write again:
      // 0.8 × 1.15 × 2,790 ≈ 2,567 more.
      const result = selectProfitable({ ...input, steps: results(true) }, 0.8);
      expect(result?.cut).toBe(3);
      expect(result?.steps.map((s) => s.key).sort()).toEqual(['code', 'log-a', 'log-b', 'log-c']);
      expect(result?.cost).toBeCloseTo(0.8 * (1.15 * 4_290 + 13_265) - 22_800);
      // Not a tool result (a plain-text agent's output): nothing pins the region there.
      expect(selectProfitable({ ...input, steps: results(false) }, 0.8)?.cut).toBe(5);
      // Worth its own loss, but no batch that takes it pays for its rewrite: the batch from 5 stands.
      const early = [step('early', 1, 600, 10, { toolResult: true }), ...results(true).slice(1)];
      expect(selectProfitable({ ...input, steps: early }, 0.8)?.cut).toBe(5);
    });
  });
});

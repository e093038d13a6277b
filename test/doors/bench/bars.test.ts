import { describe, expect, it } from 'vitest';
import { checkBars, checkFoldBars } from '../../../src/doors/bench/bars.js';
import type { StrategyFigures } from '../../../src/doors/bench/figures.js';
import type { BenchReport } from '../../../src/doors/bench/run.js';

function figures(strategy: StrategyFigures['strategy'], over: Partial<StrategyFigures>): StrategyFigures {
  return {
    strategy,
    calls: 100,
    billed: 1000,
    peak: 100,
    over: 0,
    cost: 100,
    costRatio: null,
    cachedTokens: 0,
    events: 0,
    summaryTokens: 0,
    needles: 10,
    keptInContext: 10,
    keptWithRecall: 10,
    fidelityContext: 1,
    fidelityRecall: 1,
    fidelityFacts1: 1,
    fidelityFacts5: 1,
    outOfContext: 0,
    outFacts1: null,
    outFacts5: null,
    echoNeedles: 4,
    echoContext: 1,
    echoRecall: 1,
    ms: null,
    prefixFailures: null,
    thinkingLeftOut: null,
    thinkingRepaired: null,
    ...over,
  };
}

function report(gardener: Partial<StrategyFigures>): BenchReport {
  return {
    window: 32_000,
    maskKeep: 10,
    budget: null,
    strategies: ['raw', 'mask', 'summary', 'gardener'],
    tokenizer: 'cl100k_base',
    model: null,
    thinkingCounted: false,
    prefixCheck: false,
    synthThinking: null,
    gardenerPrefixCheck: 'auto',
    sessions: [],
    skipped: [],
    aggregatedSessions: 1,
    folds: [],
    elapsedMs: 0,
    totals: [
      figures('raw', {}),
      figures('mask', { cost: 220, fidelityContext: 0.9 }),
      figures('summary', { cost: 85, fidelityContext: 0.94 }),
      figures('gardener', gardener),
    ],
  };
}

describe('checkBars', () => {
  it('holds every bar for a gardener inside all targets', () => {
    const bars = checkBars(
      report({
        billed: 640,
        cost: 79,
        fidelityContext: 0.955,
        fidelityRecall: 0.99,
        echoContext: 0.96,
        ms: { p50: 2, p95: 12, max: 40 },
      }),
    );
    expect(bars?.every((b) => b.holds)).toBe(true);
  });

  it('says by how much each missed bar misses', () => {
    const bars =
      checkBars(
        report({
          over: 3,
          billed: 760,
          cost: 120,
          fidelityContext: 0.85,
          fidelityRecall: 0.93,
          echoContext: 0.75,
          ms: { p50: 2, p95: 61.5, max: 90 },
        }),
      ) ?? [];
    expect(bars.filter((b) => !b.holds).map((b) => `${b.bar}: ${b.miss}`)).toEqual([
      'over = 0: 3 calls over the window',
      'cost ≤ 0.80× raw: 0.400× too high',
      'cost ≤ 0.5× mask: 0.045× too high',
      'billed ≤ 0.65× raw: 0.110× too high (110 tokens)',
      'fidelity in context ≥ 95%: 10.0 points short',
      'fidelity (context ∪ recall@5) ≥ 98.5%: 5.5 points short',
      "fidelity in context ≥ mask's: 5.0 points short",
      "cost ≤ summary's: 0.350× too high",
      "fidelity in context ≥ summary's: 9.0 points short",
      'echo needles in context ≥ 95%: 20.0 points short',
      'gardener ms p95 ≤ 50: 11.5 ms too slow',
    ]);
  });
});

describe('checkFoldBars', () => {
  it("checks only the folds' two bars: needles in context ≥ mask's, cost ≤ 0.80× raw", () => {
    const missed = (gardener: Partial<StrategyFigures>) =>
      (checkFoldBars(report(gardener)) ?? []).filter((b) => !b.holds).map((b) => `${b.bar}: ${b.miss}`);
    // Over the window, slow and under 95% in context: bars of the pooled run, not of a fold.
    expect(missed({ over: 2, cost: 80, fidelityContext: 0.9, ms: { p50: 1, p95: 90, max: 99 } })).toEqual([]);
    expect(missed({ cost: 85, fidelityContext: 0.88 })).toEqual([
      'cost ≤ 0.80× raw: 0.050× too high',
      "fidelity in context ≥ mask's: 2.0 points short",
    ]);
  });

  it('adds the prefix check on a model that binds thinking: gardener fails no request', () => {
    const missed = (gardener: Partial<StrategyFigures>) =>
      (checkFoldBars(report(gardener)) ?? []).filter((b) => !b.holds).map((b) => `${b.bar}: ${b.miss}`);
    expect(missed({ cost: 80, prefixFailures: 0 })).toEqual([]);
    expect(missed({ cost: 80, prefixFailures: 3 })).toEqual([
      'prefix failures = 0: 3 requests would fail the prefix check',
    ]);
    // No check ran (a model without preserved thinking): no bar.
    expect(checkFoldBars(report({ cost: 80 }))?.map((b) => b.bar)).not.toContain('prefix failures = 0');
  });

  it('cannot be checked on a fold with no aggregated session', () => {
    const empty = report({});
    empty.totals = empty.totals.map((f) => ({ ...f, calls: 0, cost: 0 }));
    expect(checkFoldBars(empty)).toBeUndefined();
  });
});

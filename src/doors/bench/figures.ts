import type { CallFigures } from './cost.js';
import { addFidelity, emptyFidelity, type Fidelity } from './fidelity.js';
import type { PrefixTally } from './prefix-check.js';
import type { StrategyName } from './types.js';

/** docs/BENCH.md: sessions with fewer calls are reported but not aggregated. */
export const MIN_AGGREGATED_CALLS = 10;

export interface MsStats {
  p50: number;
  p95: number;
  max: number;
}

/** The figures of one strategy, on one session or aggregated (docs/BENCH.md § Figures). */
export interface StrategyFigures {
  strategy: StrategyName;
  calls: number;
  /** Σ context tokens over calls. */
  billed: number;
  peak: number;
  /** Calls whose context exceeds the window. */
  over: number;
  /** Prompt-cache-aware cost in input-token units. */
  cost: number;
  /** cost / cost(raw); null when raw cost is 0 or raw did not run. */
  costRatio: number | null;
  /** Σ cached prefix tokens (read at the cache price). */
  cachedTokens: number;
  events: number;
  /** Tokens an LLM would have had to write (summary). */
  summaryTokens: number;
  needles: number;
  keptInContext: number;
  keptWithRecall: number;
  /** keptInContext / needles; null without needles. */
  fidelityContext: number | null;
  fidelityRecall: number | null;
  /** Fact level: needles in context, or in what the model reads of recall's first hit / first five. */
  fidelityFacts1: number | null;
  fidelityFacts5: number | null;
  /** Needles out of context at their use, and the share of them in recall's output (first hit / five). */
  outOfContext: number;
  outFacts1: number | null;
  outFacts5: number | null;
  /** Echo needles (docs/BENCH.md): their count, and the share kept in context and in context ∪ recall. */
  echoNeedles: number;
  echoContext: number | null;
  echoRecall: number | null;
  /** CPU ms per call (gardener only). */
  ms: MsStats | null;
  /** Calls whose request would fail the API's prefix check; null when the model runs none. */
  prefixFailures: number | null;
  /** Thinking blocks of the recorded context the last call of each session leaves out (with the check). */
  thinkingLeftOut: number | null;
  /** Of those, the blocks the engine's own check caught just before sending (gardener; should be 0). */
  thinkingRepaired: number | null;
}

/** Everything gathered while one strategy replayed one session. */
export interface StrategyTally {
  strategy: StrategyName;
  calls: CallFigures[];
  fidelity: Fidelity;
  /** The prefix check's findings, when the model runs it. */
  prefix?: PrefixTally;
}

/** Figures of one or several tallies (several: sessions aggregated, ms samples pooled). */
export function figuresOf(
  strategy: StrategyName,
  tallies: readonly StrategyTally[],
  window: number,
): StrategyFigures {
  let billed = 0;
  let peak = 0;
  let over = 0;
  let cost = 0;
  let cachedTokens = 0;
  let events = 0;
  let summaryTokens = 0;
  let calls = 0;
  const fidelity: Fidelity = emptyFidelity();
  const samples: number[] = [];
  let prefixFailures: number | null = null;
  let thinkingLeftOut: number | null = null;
  let thinkingRepaired: number | null = null;
  for (const tally of tallies) {
    if (tally.prefix) {
      prefixFailures = (prefixFailures ?? 0) + tally.prefix.failed.length;
      thinkingLeftOut = (thinkingLeftOut ?? 0) + tally.prefix.leftOut;
      if (tally.prefix.repaired !== undefined)
        thinkingRepaired = (thinkingRepaired ?? 0) + tally.prefix.repaired;
    }
    calls += tally.calls.length;
    for (const call of tally.calls) {
      billed += call.context;
      peak = Math.max(peak, call.context);
      if (call.context > window) over += 1;
      cost += call.cost;
      cachedTokens += call.prefix;
      events += call.events;
      summaryTokens += call.summaryWritten;
      if (call.ms !== undefined) samples.push(call.ms);
    }
    addFidelity(fidelity, tally.fidelity);
  }
  return {
    strategy,
    calls,
    billed,
    peak,
    over,
    cost: round(cost),
    costRatio: null,
    cachedTokens,
    events,
    summaryTokens,
    needles: fidelity.needles,
    keptInContext: fidelity.inContext,
    keptWithRecall: fidelity.withRecall,
    fidelityContext: fidelity.needles ? fidelity.inContext / fidelity.needles : null,
    fidelityRecall: fidelity.needles ? fidelity.withRecall / fidelity.needles : null,
    fidelityFacts1: fidelity.needles ? fidelity.factsShown1 / fidelity.needles : null,
    fidelityFacts5: fidelity.needles ? fidelity.factsShown5 / fidelity.needles : null,
    outOfContext: fidelity.outOfContext,
    outFacts1: fidelity.outOfContext ? fidelity.outShown1 / fidelity.outOfContext : null,
    outFacts5: fidelity.outOfContext ? fidelity.outShown5 / fidelity.outOfContext : null,
    echoNeedles: fidelity.echo,
    echoContext: fidelity.echo ? fidelity.echoInContext / fidelity.echo : null,
    echoRecall: fidelity.echo ? fidelity.echoWithRecall / fidelity.echo : null,
    ms: samples.length ? msStats(samples) : null,
    prefixFailures,
    thinkingLeftOut,
    thinkingRepaired,
  };
}

/** Sets each figure's cost ratio against the raw figure of the same list. */
export function withCostRatios(figures: StrategyFigures[]): StrategyFigures[] {
  const raw = figures.find((f) => f.strategy === 'raw');
  return figures.map((f) => ({ ...f, costRatio: raw && raw.cost > 0 ? f.cost / raw.cost : null }));
}

/** p50 / p95 / max by the nearest-rank method. */
export function msStats(samples: readonly number[]): MsStats {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return { p50: round(rank(0.5)), p95: round(rank(0.95)), max: round(sorted[sorted.length - 1] ?? 0) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

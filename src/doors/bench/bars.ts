import type { StrategyFigures } from './figures.js';
import { integer } from '../../core/format/index.js';

/** One of the issues' bars (3 and 14) for gardener (aggregate, at --window 32000): the figure, the target, and the verdict. */
export interface BarCheck {
  bar: string;
  value: number;
  target: number;
  holds: boolean;
  /** How far from the target, in the bar's unit, when it is missed. */
  miss: string | null;
}

/** gardener's CPU ms p95 per call must stay under this. */
export const MS_P95_BAR = 50;
/** Fidelity in context ∪ recall@5 must reach this (docs/BENCH.md § Provenance). */
export const FIDELITY_BAR = 0.985;
/** Needles kept in context, all and echo needles apart. */
export const CONTEXT_BAR = 0.95;
/** Cost and billed tokens relative to raw. */
export const COST_BAR = 0.8;
export const BILLED_BAR = 0.65;
/** Cost relative to mask. */
export const MASK_COST_BAR = 0.5;

/** The figures a set of bars is checked on: a run's totals, or one fold's. */
export interface Totals {
  totals: readonly StrategyFigures[];
}

/**
 * Checks the bars on totals that include raw, mask and gardener (a run's, or one fold's);
 * undefined when one of them is missing.
 */
export function checkBars(report: Totals): BarCheck[] | undefined {
  const of = (name: string) => report.totals.find((f) => f.strategy === name);
  const raw = of('raw');
  const mask = of('mask');
  const gardener = of('gardener');
  const summary = of('summary');
  if (!raw || !mask || !gardener) return undefined;
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  const points = (d: number) => `${(d * 100).toFixed(1)} points short`;
  const versusSummary = summary
    ? [
        atMost(
          "cost ≤ summary's",
          ratio(gardener.cost, raw.cost),
          ratio(summary.cost, raw.cost),
          (d) => `${d.toFixed(3)}× too high`,
        ),
        atLeast(
          "fidelity in context ≥ summary's",
          gardener.fidelityContext ?? 0,
          summary.fidelityContext ?? 0,
          points,
        ),
      ]
    : [];
  return [
    atMost('over = 0', gardener.over, 0, (d) => `${d} call${d === 1 ? '' : 's'} over the window`),
    ...prefixBar(gardener),
    atMost('cost ≤ 0.80× raw', ratio(gardener.cost, raw.cost), COST_BAR, (d) => `${d.toFixed(3)}× too high`),
    atMost(
      'cost ≤ 0.5× mask',
      ratio(gardener.cost, mask.cost),
      MASK_COST_BAR,
      (d) => `${d.toFixed(3)}× too high`,
    ),
    atMost(
      'billed ≤ 0.65× raw',
      ratio(gardener.billed, raw.billed),
      BILLED_BAR,
      (d) => `${d.toFixed(3)}× too high (${integer(d * raw.billed)} tokens)`,
    ),
    atLeast('fidelity in context ≥ 95%', gardener.fidelityContext ?? 0, CONTEXT_BAR, points),
    atLeast('fidelity (context ∪ recall@5) ≥ 98.5%', gardener.fidelityRecall ?? 0, FIDELITY_BAR, points),
    atLeast("fidelity in context ≥ mask's", gardener.fidelityContext ?? 0, mask.fidelityContext ?? 0, points),
    ...versusSummary,
    ...(gardener.echoNeedles > 0
      ? [atLeast('echo needles in context ≥ 95%', gardener.echoContext ?? 0, CONTEXT_BAR, points)]
      : []),
    atMost('gardener ms p95 ≤ 50', msP95(gardener), MS_P95_BAR, (d) => `${d.toFixed(1)} ms too slow`),
  ];
}

/** The bar of the prefix check: no request of gardener's fails it (only when the model runs it). */
const PREFIX_BAR = 'prefix failures = 0';

function prefixBar(gardener: StrategyFigures): BarCheck[] {
  if (gardener.prefixFailures === null) return [];
  return [
    atMost(
      PREFIX_BAR,
      gardener.prefixFailures,
      0,
      (d) => `${d} request${d === 1 ? '' : 's'} would fail the prefix check`,
    ),
  ];
}

/**
 * The bars every leave-one-source-out fold must hold (docs/BENCH.md § Folds): gardener keeps at
 * least as many needles in context as mask, at no more than 0.80× raw's cost, and, on a model that
 * binds thinking, sends no request that fails the prefix check. Undefined when raw, mask or
 * gardener did not run, or the fold has no aggregated session.
 */
export function checkFoldBars(fold: Totals): BarCheck[] | undefined {
  const names = new Set(['cost ≤ 0.80× raw', "fidelity in context ≥ mask's", PREFIX_BAR]);
  const raw = fold.totals.find((f) => f.strategy === 'raw');
  if (!raw || raw.calls === 0) return undefined;
  return checkBars(fold)?.filter((bar) => names.has(bar.bar));
}

function msP95(figures: StrategyFigures): number {
  return figures.ms?.p95 ?? 0;
}

function atMost(bar: string, value: number, target: number, describe: (excess: number) => string): BarCheck {
  const holds = value <= target + 1e-12;
  return { bar, value, target, holds, miss: holds ? null : describe(value - target) };
}

function atLeast(
  bar: string,
  value: number,
  target: number,
  describe: (shortfall: number) => string,
): BarCheck {
  const holds = value >= target - 1e-12;
  return { bar, value, target, holds, miss: holds ? null : describe(target - value) };
}

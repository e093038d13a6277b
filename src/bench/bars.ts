import type { StrategyFigures } from './figures.js';
import type { BenchReport } from './run.js';
import { integer } from '../format/numbers.js';

/** One of the bars for gardener (aggregate, at --window 32000): the figure, the target, and the verdict. */
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
/** Fidelity in context ∪ recall@5 must reach this. */
export const FIDELITY_BAR = 0.95;
/** Billed tokens relative to raw. */
export const BILLED_BAR = 0.7;
/** Cost relative to mask. */
export const MASK_COST_BAR = 0.5;

/** Checks the bars on a report that ran raw, mask and gardener; undefined when one of them is missing. */
export function checkBars(report: BenchReport): BarCheck[] | undefined {
  const of = (name: string) => report.totals.find((f) => f.strategy === name);
  const raw = of('raw');
  const mask = of('mask');
  const gardener = of('gardener');
  if (!raw || !mask || !gardener) return undefined;
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  return [
    atMost('over = 0', gardener.over, 0, (d) => `${d} call${d === 1 ? '' : 's'} over the window`),
    atMost('cost ≤ 1.0× raw', ratio(gardener.cost, raw.cost), 1, (d) => `${d.toFixed(3)}× too high`),
    atMost(
      'cost ≤ 0.5× mask',
      ratio(gardener.cost, mask.cost),
      MASK_COST_BAR,
      (d) => `${d.toFixed(3)}× too high`,
    ),
    atMost(
      'billed ≤ 0.70× raw',
      ratio(gardener.billed, raw.billed),
      BILLED_BAR,
      (d) => `${d.toFixed(3)}× too high (${integer(d * raw.billed)} tokens)`,
    ),
    atLeast(
      'fidelity (context ∪ recall@5) ≥ 95%',
      gardener.fidelityRecall ?? 0,
      FIDELITY_BAR,
      (d) => `${(d * 100).toFixed(1)} points short`,
    ),
    atLeast(
      "fidelity in context ≥ mask's",
      gardener.fidelityContext ?? 0,
      mask.fidelityContext ?? 0,
      (d) => `${(d * 100).toFixed(1)} points short`,
    ),
    atMost('gardener ms p95 ≤ 50', msP95(gardener), MS_P95_BAR, (d) => `${d.toFixed(1)} ms too slow`),
  ];
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

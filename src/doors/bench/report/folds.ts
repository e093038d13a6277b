import { checkFoldBars, type Totals } from '../bars.js';
import type { StrategyFigures } from '../figures.js';
import type { BenchReport } from '../run.js';
import type { StrategyName } from '../types.js';
import { integer } from '../../../core/format/index.js';
import { PREFIX_COLUMN } from './columns.js';
import { percent, ratio } from './format.js';

/** The label of the row that pools every fold. */
const POOLED_ROW = 'pooled';

/** A header and its rows: the folds side by side with the pooled figures. */
export interface FoldGrid {
  header: string[];
  rows: string[][];
}

/**
 * The folds side by side with the pooled figures (docs/BENCH.md § Folds): per fold, its sessions
 * aggregated and needles; cost / raw and needles in context of each strategy but raw; on a model
 * that binds thinking, each strategy's requests that would fail the prefix check (raw's too);
 * gardener's needles in context ∪ recall@5; and whether the folds' bars hold. Undefined with fewer
 * than two folds, where the one fold is the pooled figure.
 */
export function foldGrid(report: BenchReport): FoldGrid | undefined {
  if (report.folds.length < 2) return undefined;
  const peers = report.strategies.filter((name) => name !== 'raw');
  const gardener = peers.includes('gardener');
  const checked = report.prefixCheck ? report.strategies : [];
  const header = [
    'fold (held out)',
    'sessions',
    'needles',
    ...peers.map((name) => `${name} cost/raw`),
    ...peers.map((name) => `${name} ctx`),
    ...checked.map((name) => `${name} prefix failures`),
    ...(gardener ? ['gardener ctx∪recall', 'bars'] : []),
  ];
  const row = (label: string, sessions: number, totals: Totals) => {
    const of = (name: StrategyName): StrategyFigures | undefined =>
      totals.totals.find((f) => f.strategy === name);
    return [
      label,
      integer(sessions),
      integer(of('raw')?.needles ?? 0),
      ...peers.map((name) => ratio(of(name)?.costRatio ?? null)),
      ...peers.map((name) => percent(of(name)?.fidelityContext ?? null)),
      ...checked.map((name) => {
        const figures = of(name);
        return figures ? PREFIX_COLUMN.value(figures) : '–';
      }),
      ...(gardener ? [percent(of('gardener')?.fidelityRecall ?? null), barsCell(totals)] : []),
    ];
  };
  return {
    header,
    rows: [
      ...report.folds.map((fold) => row(fold.fold, fold.aggregatedSessions, fold)),
      row(POOLED_ROW, report.aggregatedSessions, report),
    ],
  };
}

/** "holds", the bars missed and by how much, or "–" when they cannot be checked. */
function barsCell(totals: Totals): string {
  const bars = checkFoldBars(totals);
  if (bars === undefined) return '–';
  const missed = bars.filter((bar) => !bar.holds);
  return missed.length === 0 ? 'hold' : missed.map((bar) => `MISSED ${bar.bar} (${bar.miss})`).join('; ');
}

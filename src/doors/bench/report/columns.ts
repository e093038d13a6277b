import type { StrategyFigures } from '../figures.js';
import type { BenchReport } from '../run.js';
import { integer } from '../../../core/format/index.js';
import { msTriple, percent, ratio } from './format.js';

/** A figure column shared by the terminal and markdown tables. */
export interface Column {
  header: string;
  value(figures: StrategyFigures): string;
}

/** The figures of docs/BENCH.md, in the order every table shows them. */
export const FIGURE_COLUMNS: readonly Column[] = [
  { header: 'calls', value: (f) => integer(f.calls) },
  { header: 'billed', value: (f) => integer(f.billed) },
  { header: 'peak', value: (f) => integer(f.peak) },
  { header: 'over', value: (f) => integer(f.over) },
  { header: 'cost', value: (f) => integer(f.cost) },
  { header: 'cost/raw', value: (f) => ratio(f.costRatio) },
  { header: 'events', value: (f) => integer(f.events) },
  { header: 'summary tok', value: (f) => integer(f.summaryTokens) },
  { header: 'needles', value: (f) => integer(f.needles) },
  { header: 'fid ctx', value: (f) => percent(f.fidelityContext) },
  { header: 'fid ctx∪recall', value: (f) => percent(f.fidelityRecall) },
  { header: 'facts @1/@5', value: (f) => `${percent(f.fidelityFacts1)}/${percent(f.fidelityFacts5)}` },
  {
    header: 'stubbed: n, @1/@5',
    value: (f) =>
      f.outFacts1 === null
        ? '–'
        : `${integer(f.outOfContext)}, ${percent(f.outFacts1)}/${percent(f.outFacts5)}`,
  },
  { header: 'echo', value: (f) => integer(f.echoNeedles) },
  { header: 'echo ctx', value: (f) => percent(f.echoContext) },
  { header: 'ms p50/p95/max', value: (f) => msTriple(f.ms) },
];

/** Calls whose request would fail the API's prefix check (docs/BENCH.md § Preserved thinking). */
export const PREFIX_COLUMN: Column = {
  header: 'prefix failures',
  value: (f) => (f.prefixFailures === null ? '–' : integer(f.prefixFailures)),
};

/** The columns of a report's tables: the prefix failures after `over` when the check ran. */
export function figureColumns(report: Pick<BenchReport, 'prefixCheck'>): readonly Column[] {
  if (!report.prefixCheck) return FIGURE_COLUMNS;
  const at = FIGURE_COLUMNS.findIndex((c) => c.header === 'over') + 1;
  return [...FIGURE_COLUMNS.slice(0, at), PREFIX_COLUMN, ...FIGURE_COLUMNS.slice(at)];
}

import type { StrategyFigures } from '../figures.js';
import type { BenchReport } from '../run.js';
import { figureColumns, type Column } from './columns.js';
import { modelNote, prefixLines } from './prefix.js';
import { foldGrid } from './folds.js';
import { integer } from '../../../core/format/index.js';
import { textTable } from '../../../core/format/index.js';

export interface TableOptions {
  /** Per-strategy tables of every session before the totals (default true). */
  sessions?: boolean;
  /** Wrap headers in this (e.g. bold) for a terminal. */
  emphasize?: (text: string) => string;
}

function figureRow(columns: readonly Column[], first: string, figures: StrategyFigures): string[] {
  return [first, ...columns.map((c) => c.value(figures))];
}

/** The totals: one row per strategy, aggregated over sessions with ≥ 10 calls. */
export function totalsTable(report: BenchReport, emphasize?: (s: string) => string): string {
  const columns = figureColumns(report);
  return textTable(
    ['strategy', ...columns.map((c) => c.header)],
    report.totals.map((f) => figureRow(columns, f.strategy, f)),
    emphasize,
  );
}

/** One table per strategy: a row per session, then the aggregate. */
export function strategyTables(report: BenchReport, emphasize?: (s: string) => string): string[] {
  const columns = figureColumns(report);
  return report.strategies.map((strategy) => {
    const rows = report.sessions.flatMap((s) => {
      const figures = s.strategies.find((f) => f.strategy === strategy);
      return figures
        ? [figureRow(columns, s.aggregated ? s.label : `${s.label} (not aggregated)`, figures)]
        : [];
    });
    const total = report.totals.find((f) => f.strategy === strategy);
    if (total)
      rows.push(
        figureRow(
          columns,
          `total (${report.aggregatedSessions} session${report.aggregatedSessions === 1 ? '' : 's'} aggregated)`,
          total,
        ),
      );
    return `${strategy}\n${textTable(['session', ...columns.map((c) => c.header)], rows, emphasize)}`;
  });
}

/** One line describing the run. */
export function runLine(report: BenchReport): string {
  const sessions = report.sessions.length;
  return (
    `${sessions} session${sessions === 1 ? '' : 's'} (${report.aggregatedSessions} aggregated: ≥ 10 calls)` +
    ` · window ${integer(report.window)} · mask keeps ${report.maskKeep}` +
    (report.budget !== null ? ` · gardener budget ${integer(report.budget)}` : '') +
    ` · tokens ${report.tokenizer}${modelNote(report)} · ${(report.elapsedMs / 1000).toFixed(1)} s` +
    (report.skipped.length ? ` · ${report.skipped.length} skipped` : '')
  );
}

/** gardener as a ratio to the oracle (docs/BENCH.md), when both ran: how far it is from the bound. */
export function oracleLine(report: BenchReport): string | undefined {
  const of = (name: string) => report.totals.find((f) => f.strategy === name);
  const gardener = of('gardener');
  const oracle = of('oracle');
  if (!gardener || !oracle || !oracle.cost) return undefined;
  const share = (a: number | null, b: number | null) => (a !== null && b ? `${(a / b).toFixed(3)}×` : '–');
  return (
    `gardener vs oracle: cost ${share(gardener.cost, oracle.cost)}, billed ${share(gardener.billed, oracle.billed)}, ` +
    `needles in context ${share(gardener.fidelityContext, oracle.fidelityContext)}, ` +
    `echo needles in context ${share(gardener.echoContext, oracle.echoContext)}`
  );
}

/** What the fold table shows, in one line. */
export const FOLDS_HEADING =
  "folds: leave one source out — each source's own figures beside the pooled ones (sessions with ≥ 10 calls; bars: gardener's needles in context ≥ mask's, cost ≤ 0.80× raw)";

/** What the prefix check's lines are. */
export const PREFIX_HEADING =
  "prefix check (the API's, on thinking blocks): requests that would fail as the strategy sends them";

/** The whole terminal report. */
export function renderTables(report: BenchReport, options: TableOptions = {}): string {
  const parts = [`gardener bench · ${runLine(report)}`, ''];
  if (options.sessions !== false)
    for (const table of strategyTables(report, options.emphasize)) parts.push(table, '');
  parts.push(`totals (sessions with ≥ 10 calls; cost in input-token units, cache-aware)`);
  parts.push(totalsTable(report, options.emphasize), '');
  const folds = foldGrid(report);
  if (folds) {
    parts.push(FOLDS_HEADING);
    parts.push(textTable(folds.header, folds.rows, options.emphasize), '');
  }
  const oracle = oracleLine(report);
  if (oracle) parts.push(oracle, '');
  const prefix = prefixLines(report);
  if (prefix.length) parts.push(PREFIX_HEADING, ...prefix.map((line) => `  ${line}`), '');
  if (report.skipped.length) {
    parts.push('skipped');
    for (const s of report.skipped) parts.push(`  ${s.source}: ${s.reason}`);
    parts.push('');
  }
  return parts.join('\n');
}

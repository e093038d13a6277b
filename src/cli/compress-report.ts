import type { BreakdownClass } from '../garden/types.js';
import type { CompressStats } from './compress-run.js';

/** Row order: the content classes by priority, then media and pass-through blocks. */
const ROW_ORDER: readonly BreakdownClass[] = [
  'prompt',
  'error',
  'code',
  'prose',
  'structured',
  'log',
  'media',
  'other',
];

const n = (value: number): string => value.toLocaleString('en-US');
const ratio = (before: number, after: number): string => (before === 0 ? '—' : (after / before).toFixed(2));

/** The human report of `gardener compress`: blocks and tokens by class, before → after. */
export function formatReport(stats: CompressStats, info: { format: string; skipped: number }): string {
  const rows: string[][] = [['class', 'blocks', 'shortened', 'tokens before', 'after', 'ratio']];
  for (const cls of ROW_ORDER) {
    const row = stats.byClass[cls];
    if (!row || row.blocks === 0) continue;
    rows.push([
      cls,
      n(row.blocks),
      n(row.summaries + row.stubs),
      n(row.tokensBefore),
      n(row.tokensAfter),
      ratio(row.tokensBefore, row.tokensAfter),
    ]);
  }
  rows.push([
    'request',
    '',
    '',
    n(stats.tokensBefore),
    n(stats.tokensAfter),
    ratio(stats.tokensBefore, stats.tokensAfter),
  ]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const table = rows.map((r) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  );
  const head =
    `${info.format}: ${n(stats.transcripts)} transcript${stats.transcripts === 1 ? '' : 's'}, ${n(stats.messages)} messages, ` +
    `${n(stats.events)} compaction event${stats.events === 1 ? '' : 's'}, ${stats.elapsedMs.toFixed(0)} ms`;
  const tail = info.skipped > 0 ? [`${n(info.skipped)} unreadable lines skipped (--lenient)`] : [];
  return [head, ...table, ...tail].join('\n') + '\n';
}

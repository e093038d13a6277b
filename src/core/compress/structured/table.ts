import { formatRecord } from './csv.js';
import type { Table } from './csv.js';

/** Rows shown after the header. */
const TABLE_ROWS = 5;
/** Rows shown out of order because they hold a kept term. */
const TABLE_NOTABLE = 5;
/** Cells longer than this are cut with `…(N chars)`. */
const CELL_MAX = 48;
/** Numeric columns summarised in the stats line. */
const STATS_COLUMNS = 8;

/** Header, first rows, rows with kept terms, `… N more rows`, and min/max/mean of numeric columns. */
export function renderTable(table: Table, keep: ReadonlySet<string>): string {
  const { delimiter, header, rows } = table;
  const lines = [formatRecord(header.map(cutCell), delimiter)];
  let next = 0;
  let notable = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const shown = i < TABLE_ROWS || (notable < TABLE_NOTABLE && row.some((cell) => keep.has(cell.trim())));
    if (!shown) continue;
    if (i >= TABLE_ROWS) notable++;
    if (i > next) lines.push(`… ${i - next} rows`);
    lines.push(formatRecord(row.map(cutCell), delimiter));
    next = i + 1;
  }
  if (next < rows.length) lines.push(`… ${rows.length - next} more rows (${rows.length} in all)`);
  const stats = numericStats(table);
  if (stats.length > 0 && rows.length > TABLE_ROWS) lines.push(`# ${stats.join('; ')}`);
  return lines.join('\n');
}

function cutCell(cell: string): string {
  return cell.length <= CELL_MAX ? cell : `${cell.slice(0, CELL_MAX)}…(${cell.length} chars)`;
}

/** `price: min 1.5, max 99, mean 20.3` for columns whose every non-empty cell is a number. */
export function numericStats(table: Table): string[] {
  const stats: string[] = [];
  table.header.forEach((name, column) => {
    if (stats.length >= STATS_COLUMNS) return;
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    for (const row of table.rows) {
      const cell = row[column]?.trim() ?? '';
      if (cell === '') continue;
      const n = Number(cell);
      if (!Number.isFinite(n) || !/^[-+]?[\d.]/.test(cell)) return;
      min = Math.min(min, n);
      max = Math.max(max, n);
      sum += n;
      count++;
    }
    if (count > 0) stats.push(`${name.trim()}: min ${min}, max ${max}, mean ${round(sum / count)}`);
  });
  return stats;
}

function round(n: number): string {
  return String(Number(n.toPrecision(4)));
}

/**
 * A small RFC 4180 reader for CSV and TSV: quoted fields, doubled quotes, newlines inside quotes,
 * CRLF. Written here (about 60 lines) rather than taken from a library because detection must be
 * strict: common CSV libraries accept almost any text as one-column CSV, and here a false
 * positive would turn prose into a table.
 */

export type Delimiter = ',' | '\t';

export interface Table {
  delimiter: Delimiter;
  header: string[];
  rows: string[][];
}

/** Records needed to call a text a table (header + 2 rows). */
const MIN_RECORDS = 3;
/** A header cell longer than this is not a column name. */
const MAX_HEADER_CELL = 200;
/** Share of rows that may have a different field count than the header. */
const RAGGED_SHARE = 0.05;

/** Reads CSV or TSV when the text is clearly a table; undefined otherwise. */
export function parseTable(text: string, hint?: Delimiter): Table | undefined {
  const order: Delimiter[] = hint === ',' ? [',', '\t'] : ['\t', ','];
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  for (const delimiter of order) {
    if (!firstLine.includes(delimiter)) continue; // a header needs two columns
    const records = readRecords(text, delimiter);
    if (records && looksTabular(records)) {
      const [header, ...rows] = records;
      if (header) return { delimiter, header, rows };
    }
  }
  return undefined;
}

function looksTabular(records: string[][]): boolean {
  const width = records[0]?.length ?? 0;
  if (records.length < MIN_RECORDS || width < 2) return false;
  const header = records[0]!;
  if (header.some((cell) => cell.trim() === '' || cell.length > MAX_HEADER_CELL)) return false;
  // Two comma-separated columns is also what a few lines of prose look like: ask for plain names.
  if (width === 2 && header.some((cell) => /\s/.test(cell.trim()))) return false;
  let ragged = 0;
  for (const record of records) if (record.length !== width) ragged++;
  return ragged <= Math.floor((records.length - 1) * RAGGED_SHARE);
}

/** Splits into records; undefined on an unterminated quote. Blank lines are skipped. */
export function readRecords(text: string, delimiter: Delimiter): string[][] | undefined {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  let newline = -1;
  let separator = -1;
  /** Index of the delimiter or newline that ends the field starting at `from`; both searches are cached. */
  const fieldEnd = (from: number): number => {
    if (newline < from) newline = text.indexOf('\n', from) >>> 0;
    if (separator < from) separator = text.indexOf(delimiter, from) >>> 0;
    return Math.min(newline, separator, text.length);
  };
  const endRecord = (): void => {
    if (record.length > 1 || record[0]?.trim()) records.push(record);
    record = [];
  };
  while (i <= text.length) {
    let field: string;
    if (text[i] === '"') {
      const parts: string[] = [];
      let from = i + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close < 0) return undefined;
        parts.push(text.slice(from, close));
        if (text[close + 1] !== '"') {
          i = close + 1;
          break;
        }
        parts.push('"');
        from = close + 2;
      }
      const rest = fieldEnd(i);
      field = parts.join('') + text.slice(i, rest);
      i = rest;
    } else {
      const end = fieldEnd(i);
      field = text.slice(i, end);
      i = end;
    }
    record.push(field.endsWith('\r') ? field.slice(0, -1) : field);
    if (text[i] === delimiter) {
      i++;
      continue;
    }
    endRecord();
    i++; // past the newline (or the end)
  }
  return records;
}

/** One record as written back: fields quoted only when they must be. */
export function formatRecord(cells: readonly string[], delimiter: Delimiter): string {
  return cells
    .map((cell) =>
      /["\n\r]/.test(cell) || cell.includes(delimiter) ? `"${cell.replaceAll('"', '""')}"` : cell,
    )
    .join(delimiter);
}

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
  for (const delimiter of order) {
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
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = (): void => {
    record.push(field);
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = '';
    } else if (c === '\n') endRecord();
    else if (c !== '\r' || text[i + 1] !== '\n') field += c;
    i++;
  }
  if (quoted) return undefined;
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** One record as written back: fields quoted only when they must be. */
export function formatRecord(cells: readonly string[], delimiter: Delimiter): string {
  return cells
    .map((cell) => (/["\n\r]/.test(cell) || cell.includes(delimiter) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(delimiter);
}

/**
 * A fold hides a stretch of source text behind a marker (`{ … 12 lines }`, `…  # lines 40–87`).
 * Outliners only decide where folds go; rendering is in render.ts.
 */

export interface Point {
  row: number;
  column: number;
}

export interface Fold {
  /** First hidden character. */
  from: Point;
  /** First character shown again after the marker. */
  to: Point;
  /** The rows the marker counts (inclusive). */
  firstRow: number;
  lastRow: number;
  /** The marker stands on a line of its own (whole rows are hidden); otherwise it is inline. */
  standalone: boolean;
  /** Text the marker closes with, when the hidden part held the closing quotes of a docstring. */
  closer?: string;
  /** A join, not a fold: the line break (and indentation) is replaced by this text, no marker. */
  joiner?: string;
  /** The marker names the rows it hides (`lines 40–87`) when the source was numbered, not a count. */
  span?: boolean;
}

/** A fold must hide at least this many non-blank rows: shorter bodies read better than a marker. */
export const MIN_HIDDEN_ROWS = 2;

/** The folds of one piece of code, collected by an outliner. */
export interface FoldSet {
  readonly lines: readonly string[];
  readonly folds: Fold[];
}

export function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === '';
}

/** Column just after the last non-space character of a row. */
export function lineEnd(lines: readonly string[], row: number): number {
  return (lines[row] ?? '').trimEnd().length;
}

/** Column of the first non-space character of a row. */
export function firstNonSpace(line: string): number {
  const m = /\S/.exec(line);
  return m ? m.index : line.length;
}

function nonBlankRows(lines: readonly string[], firstRow: number, lastRow: number): number {
  let n = 0;
  for (let r = firstRow; r <= lastRow; r++) if (!isBlank(lines[r])) n++;
  return n;
}

/** Adds a fold unless it would hide fewer than MIN_HIDDEN_ROWS non-blank rows. */
export function addFold(set: FoldSet, fold: Fold): boolean {
  if (fold.lastRow < fold.firstRow) return false;
  if (nonBlankRows(set.lines, fold.firstRow, fold.lastRow) < MIN_HIDDEN_ROWS) return false;
  set.folds.push(fold);
  return true;
}

/**
 * Hides what lies between an opening bracket (`open` is just after it) and its closing bracket
 * (`close` is on it): `{ … 12 lines }`.
 */
export function foldBetween(set: FoldSet, open: Point, close: Point): boolean {
  const fold = betweenFold(set, open, close);
  return fold !== undefined && addFold(set, fold);
}

/** The fold foldBetween places (undefined when the brackets share a row), not yet added. */
export function betweenFold(set: FoldSet, open: Point, close: Point): Fold | undefined {
  if (close.row <= open.row) return undefined;
  const openLine = set.lines[open.row] ?? '';
  const closeLine = set.lines[close.row] ?? '';
  const firstRow = isBlank(openLine.slice(open.column)) ? open.row + 1 : open.row;
  const lastRow = isBlank(closeLine.slice(0, close.column)) ? close.row - 1 : close.row;
  return { from: open, to: close, firstRow, lastRow, standalone: false };
}

/** Closing brackets, quotes and separators only: what may stay visible after a marker on the last row. */
const CLOSERS_ONLY = /^[\s)\]}>`'";,]*$/;

/**
 * Keeps rows up to `keepThroughRow` and hides the rest of a node that ends at `end`, leaving its
 * closing brackets visible: `const X = { … 14 lines };`.
 */
export function foldTail(set: FoldSet, keepThroughRow: number, end: Point): boolean {
  if (end.row <= keepThroughRow) return false;
  const endLine = set.lines[end.row] ?? '';
  const from = { row: keepThroughRow, column: lineEnd(set.lines, keepThroughRow) };
  if (CLOSERS_ONLY.test(endLine.slice(0, end.column))) {
    const to = { row: end.row, column: firstNonSpace(endLine) };
    return addFold(set, { from, to, firstRow: keepThroughRow + 1, lastRow: end.row - 1, standalone: false });
  }
  return addFold(set, { from, to: end, firstRow: keepThroughRow + 1, lastRow: end.row, standalone: false });
}

/** Hides whole rows behind a marker line of their own. */
export function foldRows(set: FoldSet, firstRow: number, lastRow: number): boolean {
  const from = { row: firstRow, column: 0 };
  const to = { row: lastRow, column: (set.lines[lastRow] ?? '').length };
  return addFold(set, { from, to, firstRow, lastRow, standalone: true });
}

/** Leaves whole rows out with no marker (comments: the numbers or the code around tell the gap). */
export function dropRows(set: FoldSet, firstRow: number, lastRow: number): void {
  if (lastRow < firstRow) return;
  set.folds.push({
    from: { row: firstRow, column: 0 },
    to: { row: lastRow, column: (set.lines[lastRow] ?? '').length },
    firstRow,
    lastRow,
    standalone: false,
    joiner: '',
  });
}

/** Rows longer than this once joined are left on their own rows. */
const MAX_JOINED_CHARS = 380;
/** A parenthesis or square bracket at the end of a row, or closing the next: no space between. */
const OPENS_AT_END = /[([]$/;
const CLOSES_AT_START = /^[)\]]/;
/** Any closing bracket: a trailing comma before it goes. */
const ANY_CLOSER_AT_START = /^[)\]}]/;

/**
 * Puts rows firstRow..lastRow on one line (`def f(\n    a,\n    b,\n):` → `def f(a, b):`),
 * unless a row holds what may start a line comment (`comment`) that would swallow what follows, or the
 * joined line would be long. Returns whether it joined.
 */
export function joinRows(set: FoldSet, firstRow: number, lastRow: number, comment: RegExp): boolean {
  if (lastRow <= firstRow) return false;
  const rows: number[] = [];
  let length = 0;
  for (let r = firstRow; r <= lastRow; r++) {
    const text = (set.lines[r] ?? '').trim();
    if (text === '') continue;
    if (r < lastRow && comment.test(text)) return false;
    rows.push(r);
    length += text.length + 1;
  }
  if (rows.length < 2 || length > MAX_JOINED_CHARS) return false;
  for (let k = 0; k + 1 < rows.length; k++) {
    const r = rows[k] ?? 0;
    const next = rows[k + 1] ?? 0;
    const end = lineEnd(set.lines, r);
    const nextLine = set.lines[next] ?? '';
    const text = (set.lines[r] ?? '').slice(0, end);
    const following = nextLine.trimStart();
    const closes = CLOSES_AT_START.test(following);
    // A trailing comma before the closing bracket goes: `f(a, b)`, not `f(a, b,)`.
    const from = ANY_CLOSER_AT_START.test(following) && text.endsWith(',') ? end - 1 : end;
    set.folds.push({
      from: { row: r, column: from },
      to: { row: next, column: firstNonSpace(nextLine) },
      firstRow: next,
      lastRow: r,
      standalone: false,
      joiner: closes || OPENS_AT_END.test(text) ? '' : ' ',
    });
  }
  return true;
}

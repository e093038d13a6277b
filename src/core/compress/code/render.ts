import { firstNonSpace, isBlank, type Fold } from './folds.js';

/** One output line: the source row it starts with (undefined for a marker line of its own). */
export interface OutLine {
  row: number | undefined;
  text: string;
}

export interface RenderOptions {
  /** The original line number of a row, when the source was numbered. */
  numberOf?: (row: number) => number | undefined;
}

/** Kept lines longer than this are cut (minified code, data literals). */
const LONG_LINE_CHARS = 400;
/** How much of a cut line stays. */
const CUT_LINE_CHARS = 160;

/** Applies folds to the source rows and returns the output lines. */
export function renderFolds(
  lines: readonly string[],
  folds: readonly Fold[],
  options: RenderOptions,
): OutLine[] {
  const ordered = mergeAdjacentMarkers(
    lines,
    [...folds].sort((a, b) => a.from.row - b.from.row || a.from.column - b.from.column),
  );
  const out: OutLine[] = [];
  let current: OutLine = { row: 0, text: '' };
  let row = 0;
  let column = 0;

  const emitTo = (toRow: number, toColumn: number): void => {
    while (row < toRow) {
      current.text += (lines[row] ?? '').slice(column);
      out.push(current);
      row++;
      column = 0;
      current = { row, text: '' };
    }
    current.text += (lines[row] ?? '').slice(column, toColumn);
    column = toColumn;
  };

  for (const fold of ordered) {
    if (fold.from.row < row || (fold.from.row === row && fold.from.column < column)) continue; // overlaps
    emitTo(fold.from.row, fold.from.column);
    if (fold.joiner !== undefined) {
      if (
        fold.joiner === '' &&
        current.text === '' &&
        fold.from.column === 0 &&
        fold.to.column >= (lines[fold.to.row] ?? '').length
      ) {
        // Whole rows left out: no line at all takes their place.
        row = fold.to.row + 1;
        column = 0;
        current = { row, text: '' };
        continue;
      }
      current.text += fold.joiner;
      row = fold.to.row;
      column = fold.to.column;
      continue;
    }
    const label = countLabel(fold, options.numberOf);
    if (fold.standalone) {
      const indent = (lines[fold.firstRow] ?? '').slice(0, firstNonSpace(lines[fold.firstRow] ?? ''));
      current.row = undefined;
      current.text = `${indent}… ${label}`;
    } else {
      const followed = !isBlank((lines[fold.to.row] ?? '').slice(fold.to.column));
      const ellipsis = `…${fold.closer ?? ''}`;
      if (followed) current.text += ` ${ellipsis} ${label} `;
      else current.text += ` ${ellipsis} ${label}`;
    }
    row = fold.to.row;
    column = fold.to.column;
  }
  const last = Math.max(0, lines.length - 1);
  if (row <= last) {
    emitTo(last, (lines[last] ?? '').length);
    out.push(current);
  }
  return out.map((line) =>
    line.text.length > LONG_LINE_CHARS ? { row: line.row, text: cutLine(line.text) } : line,
  );
}

/**
 * Marker lines with nothing but blank rows between them become one (`… # 6 lines`, not two
 * markers of 3): the tail of a docstring a slice began inside, then hidden statements.
 */
function mergeAdjacentMarkers(lines: readonly string[], ordered: readonly Fold[]): Fold[] {
  const out: Fold[] = [];
  for (const fold of ordered) {
    const previous = out[out.length - 1];
    if (previous?.standalone && fold.standalone && fold.firstRow > previous.lastRow) {
      let between = previous.lastRow + 1;
      while (between < fold.firstRow && isBlank(lines[between])) between++;
      if (between === fold.firstRow) {
        out[out.length - 1] = { ...previous, to: fold.to, lastRow: fold.lastRow };
        continue;
      }
    }
    out.push(fold);
  }
  return out;
}

/**
 * `N lines`, counted in the viewer's numbers when the source was numbered. A count, not a range:
 * the kept line before the marker carries its number, so the range follows, and `12 lines` costs
 * two tokens fewer than `lines 40–51`. A part of a long body (sections.ts) says its range.
 */
function countLabel(fold: Fold, numberOf: RenderOptions['numberOf']): string {
  let n = fold.lastRow - fold.firstRow + 1;
  if (numberOf) {
    let first: number | undefined;
    let last: number | undefined;
    for (let r = fold.firstRow; r <= fold.lastRow && first === undefined; r++) first = numberOf(r);
    for (let r = fold.lastRow; r >= fold.firstRow && last === undefined; r--) last = numberOf(r);
    if (first !== undefined && last !== undefined && last >= first) {
      if (fold.span) return last === first ? `line ${first}` : `lines ${first}–${last}`;
      n = last - first + 1;
    }
  }
  return n === 1 ? '1 line' : `${n} lines`;
}

function cutLine(text: string): string {
  let end = CUT_LINE_CHARS;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--; // do not split a surrogate pair
  return `${text.slice(0, end)} … +${text.length - end} chars`;
}

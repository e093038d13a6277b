import type Parser from 'tree-sitter';
import { addFold, firstNonSpace, isBlank, type Fold, type FoldSet } from './folds.js';

/**
 * A long body folded whole says only how long it is (`def main(): … 304 lines`), yet an agent
 * reads, quotes and edits such a body by its parts, and the author has usually marked them: a
 * comment that opens a paragraph (`# Filter reviews based on options`). Those comments stay, each
 * followed by a marker for the code it heads, and in a numbered read the markers give the rows
 * they hide (`… lines 1153–1169`) rather than a count, so the numbers a later Read offset, Edit or
 * "lines X–Y" uses are in the summary, not left to arithmetic.
 */

/** A body spanning fewer rows than this folds whole: re-reading all of it is cheap enough. */
export const SECTION_BODY_ROWS = 100;
/**
 * A comment heads a section when this many rows follow it before the next such comment; a
 * shorter part stays inside the section before it (a line for every few rows would cost more
 * than it tells).
 */
export const SECTION_MIN_ROWS = 15;

/**
 * The rows between firstRow and lastRow that open a section: a comment row whose row above is
 * blank (a comment right under a header or another line annotates that line, not a part), with
 * at least SECTION_MIN_ROWS rows before the next one. None in a body shorter than SECTION_BODY_ROWS.
 */
export function sectionRows(
  lines: readonly string[],
  firstRow: number,
  lastRow: number,
  isCommentRow: (row: number) => boolean,
): number[] {
  if (lastRow - firstRow + 1 < SECTION_BODY_ROWS) return [];
  const openings: number[] = [];
  for (let row = Math.max(1, firstRow); row <= lastRow; row++)
    if (isBlank(lines[row - 1]) && !isBlank(lines[row]) && isCommentRow(row)) openings.push(row);
  return openings.filter((row, k) => (openings[k + 1] ?? lastRow + 1) - row - 1 >= SECTION_MIN_ROWS);
}

/**
 * A row that holds a comment and nothing else in a parsed tree: it starts with what starts a line
 * comment in the language and the tree puts a comment there (not a string that looks like one).
 */
export function treeCommentRow(
  lines: readonly string[],
  root: Parser.SyntaxNode,
  commentStart: RegExp,
): (row: number) => boolean {
  return (row) => {
    const line = lines[row] ?? '';
    const column = firstNonSpace(line);
    if (!commentStart.test(line.slice(column))) return false;
    const node = root.descendantForPosition({ row, column });
    return node.type === 'comment' && node.startPosition.row === row && node.startPosition.column === column;
  };
}

/** The last non-blank row before `row`, not before `floor` (floor - 1 when there is none). */
function lastFilledBefore(lines: readonly string[], row: number, floor: number): number {
  let r = row - 1;
  while (r >= floor && isBlank(lines[r])) r--;
  return r;
}

/**
 * Places, instead of `body` (the fold that would hide a whole body), one fold before the first
 * section and one after each section's opening row, each labelled by the rows it hides. The last
 * ends where `body` ends (before a closing `}` it leaves visible). False, placing nothing, when
 * there is no section.
 */
export function foldSections(set: FoldSet, body: Fold, sections: readonly number[]): boolean {
  const inside = sections.filter((row) => row >= body.firstRow && row <= body.lastRow);
  const first = inside[0];
  if (first === undefined) return false;
  const { lines } = set;
  const lead = lastFilledBefore(lines, first, body.firstRow);
  if (lead >= body.firstRow)
    addFold(set, {
      ...(body.closer ? { closer: body.closer } : {}),
      from: body.from,
      to: { row: lead, column: (lines[lead] ?? '').length },
      firstRow: body.firstRow,
      lastRow: lead,
      standalone: false,
      span: true,
    });
  inside.forEach((row, k) => {
    const next = inside[k + 1];
    const end = next === undefined ? body.lastRow : lastFilledBefore(lines, next, row + 1);
    const to = next === undefined ? body.to : { row: end, column: (lines[end] ?? '').length };
    addFold(set, {
      from: { row, column: (lines[row] ?? '').trimEnd().length },
      to,
      firstRow: row + 1,
      lastRow: end,
      standalone: false,
      span: true,
    });
  });
  return true;
}

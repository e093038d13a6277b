import {
  addFold,
  dropRows,
  firstNonSpace,
  foldRows,
  isBlank,
  joinRows,
  lineEnd,
  type Fold,
  type FoldSet,
} from './folds.js';
import { declaredName } from './names-regex.js';
import { foldSections, sectionRows } from './sections.js';

/**
 * Indentation folding, for languages without a grammar here and for code tree-sitter cannot make
 * sense of (partial slices, broken files): lines at the shallowest indent stay, deeper blocks fold
 * into their header line (`func main() { … 12 lines }`). Blocks under container headers (class,
 * struct, impl, module, an HTML element…) keep their own shallow lines, a few levels deep.
 */

/** Container headers are opened this many levels deep at most. */
const MAX_CONTAINER_DEPTH = 2;
/** Rows kept of a block whose header declares an identifier the caller asked to keep. */
export const KEEP_BODY_MAX_ROWS = 80;
/** Columns a tab counts for when measuring indentation. */
const TAB_WIDTH = 4;

const CONTAINER_HEADER =
  /^\s*(?:(?:export|public|private|protected|internal|abstract|final|sealed|static|open|data|partial|default|pub(?:\([^)]*\))?)\s+)*(?:class|struct|interface|trait|impl|module|namespace|enum|object|extension|protocol|union|mod|record)\b/;
const GROUP_HEADER =
  /^\s*(?:import|const|var|type)\s*\(\s*$|^\s*type\s+\w+(?:\[[^\]]*\])?\s+(?:struct|interface)\s*\{\s*$/;
const MARKUP_CONTAINER = /^\s*<(?!\/|!|\?)[a-zA-Z][\w:-]*(?:\s[^<>]*)?(?<!\/)>\s*$/;
/** A row that starts by closing the block above it (`}`, `});`, `} else {`, `</div>`). */
const STARTS_WITH_CLOSER = /^\s*(?:[)\]}]|<\/)/;
/** A row that only closes a block: `}`, `});`, `end`, `</div>`. */
const CLOSER_ONLY = /^\s*(?:[)\]}]+[;,)]*|end|<\/[\w:-]+>)\s*$/;

/** Line comments of any language the folder may meet (`#` only when it reads like one, not a CSS colour). */
const ANY_LINE_COMMENT = /\/\/|(?:^|\s)#(?:\s|$)|(?:^|\s)--\s/;

function indentWidth(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width++;
    else if (ch === '\t') width += TAB_WIDTH;
    else break;
  }
  return width;
}

function isContainerHeader(line: string): boolean {
  return CONTAINER_HEADER.test(line) || GROUP_HEADER.test(line) || MARKUP_CONTAINER.test(line);
}

export interface IndentOptions {
  keep: ReadonlySet<string>;
  /** What may start a line comment in the language (rows holding one are not joined); any by default. */
  lineComment?: RegExp;
  /** A row that is only a comment, left out without a marker; none are when absent. */
  commentRow?: RegExp;
}

/** Adds indentation folds for rows firstRow..lastRow (inclusive) to the set. */
export function indentFold(set: FoldSet, firstRow: number, lastRow: number, options: IndentOptions): void {
  foldLevel(set, firstRow, lastRow, 0, options);
}

function foldLevel(
  set: FoldSet,
  firstRow: number,
  lastRow: number,
  depth: number,
  options: IndentOptions,
): void {
  const { lines } = set;
  let level = Infinity;
  for (let r = firstRow; r <= lastRow; r++)
    if (!isBlank(lines[r])) level = Math.min(level, indentWidth(lines[r] ?? ''));
  if (level === Infinity) return;

  let header = -1;
  let r = firstRow;
  while (r <= lastRow) {
    const line = lines[r] ?? '';
    if (isBlank(line)) {
      r++;
      continue;
    }
    if (indentWidth(line) <= level) {
      if (options.commentRow?.test(line)) {
        // A comment says nothing the outline needs; what is indented under it has no header.
        dropRows(set, r, r);
        header = -1;
      } else header = r;
      r++;
      continue;
    }
    const blockStart = r;
    let blockEnd = r;
    for (let k = r; k <= lastRow; k++) {
      const l = lines[k] ?? '';
      if (isBlank(l)) continue;
      if (indentWidth(l) <= level) break;
      blockEnd = k;
    }
    foldBlock(set, { header, start: blockStart, end: blockEnd, lastRow, depth }, options);
    r = blockEnd + 1;
  }
}

/** An indented block: its header row (-1: none), its first and last rows, the last row of the text, its nesting. */
interface IndentBlock {
  header: number;
  start: number;
  end: number;
  lastRow: number;
  depth: number;
}

function foldBlock(set: FoldSet, block: IndentBlock, options: IndentOptions): void {
  const { header, start: blockStart, end: blockEnd, lastRow, depth } = block;
  const { lines } = set;
  const headerLine = header >= 0 ? (lines[header] ?? '') : undefined;
  if (headerLine !== undefined && depth < MAX_CONTAINER_DEPTH && isContainerHeader(headerLine)) {
    foldLevel(set, blockStart, blockEnd, depth + 1, options);
    return;
  }
  if (headerLine === undefined) {
    foldRows(set, blockStart, blockEnd);
    return;
  }
  const name = declaredName(headerLine);
  if (name !== undefined && options.keep.has(name)) {
    if (blockEnd - blockStart + 1 > KEEP_BODY_MAX_ROWS)
      foldRows(set, blockStart + KEEP_BODY_MAX_ROWS, blockEnd);
    return;
  }
  let closer = blockEnd + 1;
  while (closer <= lastRow && isBlank(lines[closer])) closer++;
  const closerLine = lines[closer];
  const closes = closer <= lastRow && closerLine !== undefined && CLOSER_ONLY.test(closerLine);
  // A one-row body goes onto its header's line: `.user { border-left-color: #2196f3; }`.
  if (
    blockStart === blockEnd &&
    closes &&
    joinRows(set, header, closer, options.lineComment ?? ANY_LINE_COMMENT)
  )
    return;
  const from = { row: header, column: lineEnd(lines, header) };
  const { commentRow } = options;
  const sections = commentRow
    ? sectionRows(lines, blockStart, blockEnd, (row) => commentRow.test(lines[row] ?? ''))
    : [];
  const place = (fold: Fold) => foldSections(set, fold, sections) || addFold(set, fold);
  if (closer <= lastRow && closerLine !== undefined && STARTS_WITH_CLOSER.test(closerLine)) {
    const to = { row: closer, column: firstNonSpace(closerLine) };
    if (place({ from, to, firstRow: blockStart, lastRow: blockEnd, standalone: false })) return;
  }
  place({
    from,
    to: { row: blockEnd, column: (lines[blockEnd] ?? '').length },
    firstRow: blockStart,
    lastRow: blockEnd,
    standalone: false,
  });
}

/**
 * aider's SEARCH/REPLACE edit blocks, summarised as what they change: the lines removed and
 * added (unchanged lines dropped), with the first line of the searched text as the anchor.
 */

/** One edit block inside a fence: the text searched for and its replacement. */
export interface EditBlock {
  search: string[];
  replace: string[];
}

const SEARCH = /^\s*<{5,9} SEARCH\s*$/;
const DIVIDER = /^\s*={5,9}\s*$/;
const REPLACE = /^\s*>{5,9} REPLACE\s*$/;

/** Changed lines an edit summary shows at most; the rest are counted. */
export const EDIT_SHOW_LINES = 4;
/** Above this many line pairs the diff is not searched for (prefix and suffix trimming only). */
const MAX_DIFF_CELLS = 250_000;
/** Longest changed line shown whole; longer ones are cut with a count. */
const LINE_CHARS = 120;

/** True when a fence body holds at least one complete SEARCH/REPLACE block. */
export function hasEditBlocks(body: readonly string[]): boolean {
  return body.some((line) => SEARCH.test(line)) && body.some((line) => REPLACE.test(line));
}

/** Folds the text of a new file (an edit with an empty SEARCH part) to a few lines. */
export type FoldText = (lines: readonly string[]) => string[];

/**
 * Rewrites a fence body: each SEARCH/REPLACE block becomes one `[edit: …]` line and its changed
 * lines (`-` removed, `+` added, at most EDIT_SHOW_LINES), other lines stay. New text (an empty
 * SEARCH part) is folded by `fold`. An unterminated block stays as written.
 */
export function summarizeEdits(body: readonly string[], fold: FoldText): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < body.length) {
    const block = SEARCH.test(body[i]!) ? readBlock(body, i) : undefined;
    if (!block) {
      out.push(body[i]!);
      i++;
      continue;
    }
    out.push(...describeEdit(block.edit, fold));
    i = block.end;
  }
  return out;
}

function readBlock(body: readonly string[], start: number): { edit: EditBlock; end: number } | undefined {
  let divider = -1;
  for (let j = start + 1; j < body.length; j++) {
    const line = body[j]!;
    if (divider < 0 && DIVIDER.test(line)) divider = j;
    else if (divider >= 0 && REPLACE.test(line))
      return {
        edit: { search: body.slice(start + 1, divider), replace: body.slice(divider + 1, j) },
        end: j + 1,
      };
    else if (SEARCH.test(line)) return undefined;
  }
  return undefined;
}

/** The `[edit: …]` line and the changed lines of one block. */
export function describeEdit(edit: EditBlock, fold: FoldText): string[] {
  const { search, replace } = edit;
  const anchor = search.find((line) => line.trim() !== '')?.trim();
  if (search.every((line) => line.trim() === ''))
    return [`[edit: new text, ${replace.length} lines]`, ...fold(replace)];
  if (replace.every((line) => line.trim() === ''))
    return [`[edit: ${search.length} lines removed, from: ${clip(anchor ?? '')}]`];
  const changes = changedLines(search, replace);
  const removed = changes.filter((line) => line.startsWith('-')).length;
  const head = `[edit: ${search.length} → ${replace.length} lines, -${removed} +${changes.length - removed}, at: ${clip(anchor ?? '')}]`;
  return [head, ...shown(changes)];
}

function shown(changes: readonly string[]): string[] {
  const visible = changes.slice(0, EDIT_SHOW_LINES).map(clip);
  const rest = changes.length - visible.length;
  return rest > 0 ? [...visible, `… ${rest} more changed lines`] : visible;
}

function clip(line: string): string {
  return line.length <= LINE_CHARS
    ? line
    : `${line.slice(0, LINE_CHARS)}… [${line.length - LINE_CHARS} chars]`;
}

/**
 * The lines that differ between two texts, `-` for removed and `+` for added, in order: common
 * prefix and suffix trimmed, then a longest-common-subsequence diff of the middle when it is small.
 */
export function changedLines(before: readonly string[], after: readonly string[]): string[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  if (a.length * b.length > MAX_DIFF_CELLS) return [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)];
  return lcsDiff(a, b).filter((line) => line.trim() !== '-' && line.trim() !== '+');
}

function lcsDiff(a: readonly string[], b: readonly string[]): string[] {
  const n = a.length;
  const m = b.length;
  // lengths[i * (m + 1) + j]: LCS length of a[i..] and b[j..].
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lengths[i * (m + 1) + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lengths[(i + 1) * (m + 1) + j]!, lengths[i * (m + 1) + j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      i++;
      j++;
    } else if (lengths[(i + 1) * (m + 1) + j]! >= lengths[i * (m + 1) + j + 1]!) out.push(`-${a[i++]}`);
    else out.push(`+${b[j++]}`);
  }
  while (i < n) out.push(`-${a[i++]}`);
  while (j < m) out.push(`+${b[j++]}`);
  return out;
}

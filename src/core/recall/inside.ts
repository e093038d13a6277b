import { GardenerError } from '../../errors.js';
import { ftsTokens } from '../store/index.js';
import { coveringLines } from './cover-lines.js';
import { foldLine, foldWindows, type FoldPiece, type LinesCommand } from './fold.js';
import { lineWeights, numberedLines, splitLines, tokensByLine, type Lines } from './passages.js';

/**
 * Characters one page of an original holds (about 6k tokens): under the 30,000 characters of a
 * command's output that Claude Code keeps whole (it cuts the middle of longer ones).
 */
export const PAGE_CHARS = 24_000;
/** Lines of context shown around each matching line of a search inside an entry. */
export const GREP_CONTEXT = 2;
/** A matching line longer than this is shown as a window around the query's words. */
const GREP_LINE_CHARS = 480;
/** What a line number and its bar add to a line. */
const LINE_NUMBER_CHARS = 8;
/**
 * When no line holds the query, the lines that best cover its words are shown, however weak, with
 * their context, until they fill this many characters: half a page, about what forty lines with
 * context took, but as many short lines of a listing as fit and fewer long ones of a file.
 */
const BEST_CHARS = PAGE_CHARS / 2;

/** 1-based, inclusive; `last` undefined: to the end. */
export interface LineRange {
  first: number;
  last?: number;
}

export interface InsideOptions {
  /** Lines holding this text (else all its words, else the best passages for its words). */
  query?: string;
  lines?: LineRange;
  pageChars?: number;
  /**
   * How the door prints a range of lines (`gardener show ID --lines 230-346`): named where a search
   * folds a run of look-alike lines around its matches.
   */
  command?: LinesCommand;
}

/** How a query matched: as typed, by all its words, or by the passages that best match its words. */
export type InsideMatch = 'text' | 'words' | 'best' | 'none';

export interface InsideResult {
  /** Numbered lines, groups separated by `…`. */
  text: string;
  /** 1-based lines shown: the first and the last. */
  first: number;
  last: number;
  total: number;
  /** Lines matching the query within the range (query only). */
  matches?: number;
  match?: InsideMatch;
  /** Where the next page starts, when the page was full. */
  next?: number;
}

/** Parses `A-B`, `A-` or `A` (1-based line numbers) or throws a USAGE error naming the flag. */
export function parseLineRange(value: string, flag = '--lines'): LineRange {
  const match = /^\s*(\d+)\s*(?:(-)\s*(\d*)\s*)?$/.exec(value);
  const first = Number(match?.[1]);
  const last = match?.[3] ? Number(match[3]) : match?.[2] ? undefined : first;
  if (!match || first < 1 || (last !== undefined && last < first))
    throw new GardenerError(
      'USAGE',
      `${flag} must be a line range such as 120-180, 120- or 120 (got "${value}")`,
    );
  return last === undefined ? { first } : { first, last };
}

function rangeOf(lines: Lines, range: LineRange | undefined): { from: number; to: number } {
  const total = lines.texts.length;
  const from = Math.max(1, range?.first ?? 1);
  const to = Math.min(total, range?.last ?? total);
  return { from, to };
}

/** The 1-based lines of [from, to] matching the query, and how they matched. */
function matchingLines(
  lines: Lines,
  from: number,
  to: number,
  query: string,
): { at: number[]; match: InsideMatch } {
  const needle = query.trim().toLowerCase();
  const inRange = (n: number) => n >= from && n <= to;
  const literal: number[] = [];
  for (let n = from; n <= to; n++)
    if ((lines.texts[n - 1] ?? '').toLowerCase().includes(needle)) literal.push(n);
  if (literal.length > 0 || needle === '')
    return { at: literal, match: literal.length > 0 ? 'text' : 'none' };
  const words = [...new Set(ftsTokens(query))];
  if (words.length === 0) return { at: [], match: 'none' };
  const text = lines.texts.join('\n');
  const byLine = tokensByLine(text, lines, words);
  const all = [...byLine]
    .filter(([line, held]) => held.size === words.length && inRange(line + 1))
    .map(([line]) => line + 1)
    .sort((a, b) => a - b);
  if (all.length > 0) return { at: all, match: 'words' };
  const inside = new Map([...byLine].filter(([line]) => inRange(line + 1)));
  const weights = lineWeights(inside, lines.texts.length, () => 1);
  const best = bestLines(lines, coveringLines(inside, weights), from, to);
  return best.length > 0 ? { at: best.sort((a, b) => a - b), match: 'best' } : { at: [], match: 'none' };
}

/** Characters a line takes on a page of search results. */
function shownChars(lines: Lines, n: number): number {
  return Math.min((lines.texts[n - 1] ?? '').length, GREP_LINE_CHARS) + LINE_NUMBER_CHARS;
}

/**
 * The 1-based lines, taken in the order given (0-based), while they and the lines of context around
 * them fill BEST_CHARS (the first always).
 */
function bestLines(lines: Lines, ranked: Iterable<number>, from: number, to: number): number[] {
  const shown = new Set<number>();
  const at: number[] = [];
  let chars = 0;
  for (const line of ranked) {
    const n = line + 1;
    const around: number[] = [];
    for (let m = Math.max(from, n - GREP_CONTEXT); m <= Math.min(to, n + GREP_CONTEXT); m++)
      if (!shown.has(m)) around.push(m);
    const more = around.reduce((sum, m) => sum + shownChars(lines, m), 0);
    if (chars + more > BEST_CHARS && at.length > 0) break;
    chars += more;
    for (const m of around) shown.add(m);
    at.push(n);
  }
  return at;
}

/** Matching lines widened by GREP_CONTEXT, merged where they touch, within [from, to]. */
function groups(at: readonly number[], from: number, to: number): Array<{ first: number; last: number }> {
  const out: Array<{ first: number; last: number }> = [];
  for (const n of at) {
    const first = Math.max(from, n - GREP_CONTEXT);
    const last = Math.min(to, n + GREP_CONTEXT);
    const previous = out.at(-1);
    if (previous && first <= previous.last + 1) previous.last = Math.max(previous.last, last);
    else out.push({ first, last });
  }
  return out;
}

/** What a page is made with, and the characters it holds so far. */
interface Page {
  lines: Lines;
  words: readonly string[];
  weights: ReadonlyMap<string, number>;
  maxLine: number;
  pageChars: number;
  chars: number;
  command: LinesCommand | undefined;
}

/**
 * One window's pieces, numbered lines and fold lines, while they fit on the page (the first line
 * always): the lines it shows, and where the next page starts when it was cut.
 */
function piecesText(
  pieces: readonly FoldPiece[],
  page: Page,
): { text: string; first: number; last: number; next?: number } {
  const width = String(pieces.at(-1)?.last ?? 0).length;
  const out: string[] = [];
  const first = pieces[0]?.first ?? 0;
  let shownLast = first - 1;
  for (const piece of pieces) {
    let last = piece.first - 1;
    if (piece.folded) {
      const line = foldLine(page.lines.texts, piece, page.command);
      if (page.chars + line.length + 1 <= page.pageChars || page.chars === 0) {
        out.push(line);
        page.chars += line.length + 1;
        last = piece.last;
      }
    } else {
      for (let n = piece.first; n <= piece.last; n++) {
        const length = Math.min((page.lines.texts[n - 1] ?? '').length, page.maxLine) + LINE_NUMBER_CHARS;
        if (page.chars + length > page.pageChars && page.chars > 0) break;
        page.chars += length;
        last = n;
      }
      if (last >= piece.first) {
        const numbered = numberedLines(page.lines, piece.first, last, page);
        const pad = ' '.repeat(width - String(last).length);
        out.push(pad === '' ? numbered : numbered.replace(/^/gm, pad));
      }
    }
    if (last >= piece.first) shownLast = last;
    if (last < piece.last) return { text: out.join('\n'), first, last: shownLast, next: last + 1 };
  }
  return { text: out.join('\n'), first, last: shownLast };
}

/**
 * A page of an original: its lines in a range, or the lines matching a query with context, numbered,
 * at most `pageChars` characters (a single longer line is cut around the query's words). A search
 * folds runs of look-alike lines that hold no match (`… 23 similar INFO lines (207–229): command`),
 * and says how far such a run goes past its context; a range is shown as it is. `next` says where the
 * following page starts.
 */
export function readInside(original: string, options: InsideOptions = {}): InsideResult {
  const lines = splitLines(original);
  const total = lines.texts.length;
  const { from, to } = rangeOf(lines, options.lines);
  if (from > total)
    throw new GardenerError('USAGE', `line ${from} is past the end: the original has ${total} lines`);
  const pageChars = options.pageChars ?? PAGE_CHARS;
  const query = options.query;
  const matched = query === undefined ? undefined : matchingLines(lines, from, to, query);
  const spans = matched ? groups(matched.at, from, to) : [{ first: from, last: to }];
  const words = query === undefined ? [] : ftsTokens(query);
  const weights = new Map(words.map((w) => [w, 1]));
  // A range is shown as it is; a search shows long lines cut around the words.
  const maxLine = query === undefined ? pageChars : GREP_LINE_CHARS;
  const isMatch = new Set(matched?.at ?? []);
  const windows = matched
    ? foldWindows(lines.texts, spans, (n) => isMatch.has(n), { first: from, last: to })
    : [[{ first: from, last: to, folded: false }]];
  const page: Page = { lines, words, weights, maxLine, pageChars, chars: 0, command: options.command };
  let text = '';
  let shown: { first: number; last: number } | undefined;
  let next: number | undefined;
  for (const pieces of windows) {
    const part = piecesText(pieces, page);
    if (part.last >= part.first) {
      // A hole between two parts is marked; a fold that reaches the next part leaves none.
      text += shown === undefined ? '' : part.first > shown.last + 1 ? '\n…\n' : '\n';
      text += part.text;
      shown = { first: shown?.first ?? part.first, last: part.last };
    }
    next = part.next;
    if (next !== undefined) break;
  }
  const result: InsideResult = {
    text,
    first: shown?.first ?? spans[0]?.first ?? from,
    last: shown?.last ?? from - 1,
    total,
  };
  if (matched) Object.assign(result, { matches: matched.at.length, match: matched.match });
  if (next !== undefined) result.next = next;
  return result;
}

import { foldLine, foldWindows, shapesOf, type FoldPiece, type LinesCommand } from './fold.js';
import { fitting, foldCosts, joined, LABEL_CHARS, tighten, widen } from './widen.js';
import { findTokens, snippet } from './snippet.js';

/** Lines shown before and after a matching line. */
export const PASSAGE_CONTEXT = 1;
/** Passages one recall hit shows at most. */
export const MAX_PASSAGES = 4;
/** Characters of passages one hit shows at most (five hits fit the default recall budget). */
export const PASSAGE_CHARS = 1_500;
/** A passage beside the best is shown only when it scores at least this share of the best. */
const MIN_SHARE = 0.3;
/** A hit with more room than MAX_PASSAGES fill shows one more passage per this many characters of it. */
const ROOM_PER_PASSAGE = 500;
/**
 * A recall hit shows weaker passages than a search inside an entry does (MIN_SHARE): it has room
 * for them, and the later text the model asks with names more than the one line it is after
 * (docs/BENCH.md § Provenance).
 */
const HIT_MIN_SHARE = 0.15;
/** A line longer than this is shown as a window around its matched words. */
export const MAX_LINE_CHARS = 240;
/** A line that carries its own number (a file read's gutter: `   232\t…`, `   232→…`). */
const OWN_GUTTER = /^\s*\d+(?:\t|→)/;
/** Occurrences of one word looked at in an original: bounds the work on a huge text. */
const MAX_OCCURRENCES = 50_000;

/** Lines of a text, 1-based by position in the array plus one. */
export interface Lines {
  texts: string[];
  /** Character offset where each line starts. */
  starts: number[];
}

export function splitLines(text: string): Lines {
  const texts = text.split('\n');
  const starts: number[] = [];
  let at = 0;
  for (const line of texts) {
    starts.push(at);
    at += line.length + 1;
  }
  return { texts, starts };
}

/** The 0-based line holding character offset `at` (binary search over line starts). */
export function lineOf(lines: Lines, at: number): number {
  let lo = 0;
  let hi = lines.starts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((lines.starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** For each 0-based line holding any of the tokens, which tokens it holds. */
export function tokensByLine(
  text: string,
  lines: Lines,
  tokens: readonly string[],
): Map<number, Set<string>> {
  const found = findTokens(text, tokens, { maxPositions: MAX_OCCURRENCES, maxScanChars: text.length });
  const byLine = new Map<number, Set<string>>();
  for (const [token, positions] of found) {
    for (const at of positions) {
      const line = lineOf(lines, at);
      const held = byLine.get(line);
      if (held) held.add(token);
      else byLine.set(line, new Set([token]));
    }
  }
  return byLine;
}

/**
 * Each token's weight inside one text: its weight over the store (`globalWeight`, an idf) times how
 * rare it is among the text's lines, so the one `ERROR` line outweighs a hundred look-alike `WARN`s.
 */
export function lineWeights(
  byLine: ReadonlyMap<number, ReadonlySet<string>>,
  lineCount: number,
  globalWeight: (token: string) => number,
): Map<string, number> {
  const linesWith = new Map<string, number>();
  for (const held of byLine.values()) for (const t of held) linesWith.set(t, (linesWith.get(t) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [token, n] of linesWith) weights.set(token, globalWeight(token) * Math.log(1 + lineCount / n));
  return weights;
}

export interface Passage {
  /** 1-based first and last line. */
  first: number;
  last: number;
  score: number;
}

function sum(tokens: Iterable<string>, weights: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const t of tokens) total += weights.get(t) ?? 0;
  return total;
}

/**
 * The passages of a text that best match the words: windows of lines around a matching line, scored
 * by the distinct words of the window plus those of the line itself (words on one line count twice),
 * best first, none overlapping, each at least half as good as the best.
 */
export function rankPassages(
  byLine: ReadonlyMap<number, ReadonlySet<string>>,
  weights: ReadonlyMap<string, number>,
  lineCount: number,
  options: { max?: number; minShare?: number } = {},
): Passage[] {
  const context = PASSAGE_CONTEXT;
  const seeds: Passage[] = [];
  for (const [line, held] of byLine) {
    const first = Math.max(0, line - context);
    const last = Math.min(lineCount - 1, line + context);
    const inWindow = new Set<string>();
    for (let i = first; i <= last; i++) for (const t of byLine.get(i) ?? []) inWindow.add(t);
    seeds.push({ first: first + 1, last: last + 1, score: sum(inWindow, weights) + sum(held, weights) });
  }
  seeds.sort((a, b) => b.score - a.score || a.first - b.first);
  const best = seeds[0]?.score ?? 0;
  const chosen: Passage[] = [];
  for (const seed of seeds) {
    if (chosen.length >= (options.max ?? MAX_PASSAGES) || seed.score < best * (options.minShare ?? MIN_SHARE))
      break;
    if (chosen.some((p) => seed.first <= p.last && seed.last >= p.first)) continue;
    chosen.push(seed);
  }
  return chosen;
}

/** How a long line is cut: to a window of `maxLine` characters around the words, by their weights. */
export interface LineCut {
  words: readonly string[];
  weights: ReadonlyMap<string, number>;
  maxLine?: number;
}

/** Lines first..last (1-based), numbered, long lines cut to a window around the words. */
export function numberedLines(lines: Lines, first: number, last: number, cut: LineCut): string {
  const { words, weights, maxLine = MAX_LINE_CHARS } = cut;
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const line = shortLine((lines.texts[n - 1] ?? '').replace(/\r$/, ''), words, weights, maxLine);
    out.push(`${String(n).padStart(width)}| ${line}`);
  }
  return out.join('\n');
}

/**
 * Whether every line of a passage carries its own number but blank ones, so a label would only
 * clutter it.
 */
function ownNumbers(lines: Lines, first: number, last: number): boolean {
  let numbered = false;
  for (let n = first; n <= last; n++) {
    const line = lines.texts[n - 1] ?? '';
    if (OWN_GUTTER.test(line)) numbered = true;
    else if (line.trim() !== '') return false;
  }
  return numbered;
}

function shortLine(
  line: string,
  words: readonly string[],
  weights: ReadonlyMap<string, number>,
  max: number,
): string {
  if (line.length <= max) return line;
  const cut = snippet(line, findTokens(line, words), weights, max);
  return cut ?? `${line.slice(0, max)}…`;
}

/** Characters of an entry's first line shown as its title when no passage starts there. */
export const TITLE_CHARS = 160;

/**
 * What a recall hit shows of an original: its best passages for the words, each with its line
 * numbers, best first, within `room` characters, after the entry's first line (its title: what a
 * file read, a command's output or a tool call's JSON is about, which a window from the middle does
 * not say). Undefined when no word occurs in it.
 */
export function passageText(
  text: string,
  words: readonly string[],
  globalWeight: (token: string) => number,
  room = PASSAGE_CHARS,
  command?: LinesCommand,
): string | undefined {
  return preparePassages(text, words, globalWeight, command)?.show(room).text;
}

/** What a hit shows of an original in a room: its windows, and whether they fold an original they hold whole. */
export interface ShownPassages {
  text: string;
  /** The windows hold every line, runs of look-alike lines folded: the original, shorter. */
  folded: boolean;
}

/** An original's passages, ranked once: shown in a room, and what the words it holds weigh. */
export interface PreparedPassages {
  /** The passages in `room` characters; `tight`: the matched windows only, not widened to fill it. */
  show: (room: number, tight?: boolean) => ShownPassages;
  /** What the distinct words the original holds weigh together. */
  held: number;
}

/** Passages ranked once per original; more than this are never shown, whatever the room. */
const MAX_RANKED_PASSAGES = 32;

/**
 * The work of passageText that does not depend on the room (finding the words, weighing and ranking
 * the windows), done once: the returned function shows the passages in a given room, so a caller
 * sizing a hit to its budget can try a second room cheaply. Undefined when no word occurs.
 */
export function preparePassages(
  text: string,
  words: readonly string[],
  globalWeight: (token: string) => number,
  command?: LinesCommand,
): PreparedPassages | undefined {
  const lines = splitLines(text);
  const byLine = tokensByLine(text, lines, words);
  if (byLine.size === 0) return undefined;
  const weights = lineWeights(byLine, lines.texts.length, globalWeight);
  const ranked = rankPassages(byLine, weights, lines.texts.length, {
    max: MAX_RANKED_PASSAGES,
    minShare: HIT_MIN_SHARE,
  });
  // A matched line and the lines beside it are never folded: the match is read in its context.
  const matched = (n: number) => byLine.has(n - 2) || byLine.has(n - 1) || byLine.has(n);
  const shape = shapesOf(lines.texts);
  const costs = foldCosts(lines.texts, matched, (n) => lineChars(lines, n), shape);
  const show = (room: number, tight = false): ShownPassages => {
    const some = tight
      ? ranked
      : ranked.slice(0, Math.max(MAX_PASSAGES, Math.floor(room / ROOM_PER_PASSAGE)));
    const title = titleOf(lines, some);
    const base = fitting(some, room - title.text.length, costs);
    const chosen = joined(
      tight
        ? tighten(base, room - title.text.length, title.line, costs)
        : widen(base, room - title.text.length, title.line, costs),
    );
    // Widened into the title line, a passage shows it whole: no need to show it twice.
    const titled =
      title.text !== '' &&
      ((lines.texts[title.line - 1] ?? '').length > MAX_LINE_CHARS ||
        !chosen.some((p) => p.first <= title.line && p.last >= title.line));
    const used = chosen.reduce((n, p) => n + costs.span(p.first, p.last) + LABEL_CHARS, title.text.length);
    // Room the windows could not grow into (they hold every line) widens their long lines instead.
    const covered = chosen.reduce((n, p) => n + p.last - p.first + 1, titled ? 1 : 0) >= lines.texts.length;
    const style = { words, weights, command, spare: covered ? Math.max(0, room - used) : 0 };
    const bounds = { first: titled ? title.line + 1 : 1, last: lines.texts.length };
    const pieces = foldWindows(lines.texts, chosen, matched, bounds, shape);
    const shown = chosen.map((p, i) => windowText(lines, p, pieces[i] ?? [], style));
    // The best passage stays first (a cut or a one-line preview keeps it); the title follows it.
    if (titled) shown.splice(1, 0, title.text);
    const folded = covered && pieces.some((window) => window.some((piece) => piece.folded));
    return { text: shown.join('\n').replace(/^…\n/, ''), folded };
  };
  let held = 0;
  for (const token of new Set([...byLine.values()].flatMap((t) => [...t]))) held += globalWeight(token);
  return { show, held };
}

/**
 * What a window is shown with: the words and their weights, the command that prints lines, and the
 * room the windows left (`spare`), which widens the first long lines cut around their words (a tool
 * call's one-line JSON) rather than going unused.
 */
interface WindowStyle {
  words: readonly string[];
  weights: ReadonlyMap<string, number>;
  command: LinesCommand | undefined;
  spare: number;
}

/**
 * One window of a recall hit: a label saying which lines it holds, then the lines as they are (long
 * ones cut around the words, a tree listing's branches as indentation, runs of look-alike lines
 * folded). A number on every line costs as much as a short line itself; lines that carry their own
 * numbers get only a mark where they begin.
 */
function windowText(lines: Lines, p: Passage, pieces: readonly FoldPiece[], style: WindowStyle): string {
  const shown: string[] = [];
  for (const piece of pieces) {
    if (piece.folded) {
      shown.push(foldLine(lines.texts, piece, style.command));
      continue;
    }
    for (let n = piece.first; n <= piece.last; n++) {
      const line = (lines.texts[n - 1] ?? '').replace(/\r$/, '');
      const cut = shortLine(line, style.words, style.weights, MAX_LINE_CHARS + style.spare);
      if (line.length > MAX_LINE_CHARS)
        style.spare = Math.max(0, style.spare - (cut.length - MAX_LINE_CHARS));
      shown.push(plainTree(cut));
    }
  }
  const body = shown.join('\n');
  if (ownNumbers(lines, p.first, p.last)) return `…\n${body}`;
  const first = pieces[0]?.first ?? p.first;
  const last = pieces.at(-1)?.last ?? p.last;
  return `${spanLabel(first, last)}${first === last ? ' ' : '\n'}${body}`;
}

/** Lines looked at for a title: past markup and labels (`<returncode>0</returncode>`, `OBSERVATION:`). */
const TITLE_LINES = 3;
/** Markup tags, left out when judging whether a line says anything. */
const TAG = /<\/?[\w-]+>/g;

/** The 0-based line that titles a text: the first of its first lines holding two words besides markup. */
function titleLine(lines: Lines): number | undefined {
  for (let i = 0; i < Math.min(TITLE_LINES, lines.texts.length); i++) {
    const words = (lines.texts[i] ?? '').replace(TAG, ' ').match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length >= 2) return i;
  }
  return undefined;
}

/**
 * The head of the title line, numbered as the passages are, unless a passage shows it whole
 * already. A one-line original (a tool call's JSON) gets it too: its start names the file or the
 * command.
 */
function titleOf(lines: Lines, ranked: readonly Passage[]): { text: string; line: number } {
  const at = titleLine(lines);
  if (at === undefined) return { text: '', line: 0 };
  const line = (lines.texts[at] ?? '').replace(/\r$/, '');
  const n = at + 1;
  if (ranked.some((p) => p.first <= n && p.last >= n) && line.length <= MAX_LINE_CHARS)
    return { text: '', line: n };
  const head = line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS)}…` : line;
  // A mark where it begins, as a window of such lines gets.
  if (OWN_GUTTER.test(line)) return { text: `…\n${head}`, line: n };
  return { text: `${spanLabel(n, n)} ${head}`, line: n };
}

/** Where a window sits in its original: one label a window rather than a number on every line. */
function spanLabel(first: number, last: number): string {
  return first === last ? `[line ${first}]` : `[lines ${first}-${last}]`;
}

/** The branches a `tree` listing draws before a name (`│   ├── `, `|-- `, `` `-- ``). */
const TREE_ART = /^(?:[│|]\s{2,3}|[├└`|+][─-]{2}\s?|\s{4})*[├└`|+][─-]{2}\s?/;

/**
 * A tree listing's line with its branches drawn as indentation: each box-drawing character costs a
 * token or more, as much as the name it leads to, and the depth says the same.
 */
function plainTree(line: string): string {
  const art = TREE_ART.exec(line)?.[0];
  return art === undefined ? line : `${' '.repeat(Math.ceil(art.length / 2))}${line.slice(art.length)}`;
}

/** Shown characters of line n (a long line counts as cut). */
function lineChars(lines: Lines, n: number): number {
  return Math.min(plainTree(lines.texts[n - 1] ?? '').length, MAX_LINE_CHARS) + 1;
}

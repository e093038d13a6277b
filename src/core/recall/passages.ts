import { closeGaps } from './gaps.js';
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
): string | undefined {
  return preparePassages(text, words, globalWeight)?.(room);
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
): ((room: number) => string) | undefined {
  const lines = splitLines(text);
  const byLine = tokensByLine(text, lines, words);
  if (byLine.size === 0) return undefined;
  const weights = lineWeights(byLine, lines.texts.length, globalWeight);
  const ranked = rankPassages(byLine, weights, lines.texts.length, {
    max: MAX_RANKED_PASSAGES,
    minShare: HIT_MIN_SHARE,
  });
  return (room) => {
    const some = ranked.slice(0, Math.max(MAX_PASSAGES, Math.floor(room / ROOM_PER_PASSAGE)));
    const title = titleOf(lines, some);
    const chosen = joined(
      widen(lines, fitting(lines, some, room - title.text.length), room - title.text.length, title.line),
    );
    // Widened into the title line, a passage shows it whole: no need to show it twice.
    const titled =
      title.text !== '' &&
      ((lines.texts[title.line - 1] ?? '').length > MAX_LINE_CHARS ||
        !chosen.some((p) => p.first <= title.line && p.last >= title.line));
    const shown = chosen.map((p) => windowText(lines, p, words, weights));
    // The best passage stays first (a cut or a one-line preview keeps it); the title follows it.
    if (titled) shown.splice(1, 0, title.text);
    return shown.join('\n').replace(/^…\n/, '');
  };
}

/**
 * One window of a recall hit: a label saying which lines it holds, then the lines as they are (long
 * ones cut around the words, a tree listing's branches as indentation). A number on every line costs
 * as much as a short line itself; lines that carry their own numbers get only a mark where they begin.
 */
function windowText(
  lines: Lines,
  p: Passage,
  words: readonly string[],
  weights: ReadonlyMap<string, number>,
): string {
  const shown: string[] = [];
  for (let n = p.first; n <= p.last; n++)
    shown.push(
      plainTree(shortLine((lines.texts[n - 1] ?? '').replace(/\r$/, ''), words, weights, MAX_LINE_CHARS)),
    );
  const body = shown.join('\n');
  if (ownNumbers(lines, p.first, p.last)) return `…\n${body}`;
  return `${spanLabel(p.first, p.last)}${p.first === p.last ? ' ' : '\n'}${body}`;
}

/** The windows with those that touch joined (one label instead of two), each in the place of its better part. */
function joined(passages: readonly Passage[]): Passage[] {
  const out: Passage[] = passages.map((p) => ({ ...p }));
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length && !merged; j++) {
        const [a, b] = [out[i] as Passage, out[j] as Passage];
        if (b.first !== a.last + 1 && a.first !== b.last + 1) continue;
        out[i] = { first: Math.min(a.first, b.first), last: Math.max(a.last, b.last), score: a.score };
        out.splice(j, 1);
        merged = true;
      }
    }
  }
  return out;
}

/** Lines a window first gains above its match (a record's header: the test, the function, the event). */
const LEAD_LINES = 2;
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

/** Characters a window's label takes, as most are (`[lines 1200-1234]` and its line end). */
const LABEL_CHARS = 16;

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

/** Shown characters of lines first..last (long lines count as cut). */
function shownChars(lines: Lines, first: number, last: number): number {
  let chars = 0;
  for (let n = first; n <= last; n++)
    chars += Math.min(plainTree(lines.texts[n - 1] ?? '').length, MAX_LINE_CHARS) + 1;
  return chars;
}

/** The best passages that fit in `room` characters together (the best one always). */
function fitting(lines: Lines, passages: readonly Passage[], room: number): Passage[] {
  const kept: Passage[] = [];
  let chars = 0;
  for (const passage of passages) {
    const size = shownChars(lines, passage.first, passage.last) + LABEL_CHARS;
    if (kept.length > 0 && chars + size > room) break;
    kept.push({ ...passage });
    chars += size;
  }
  return kept;
}

/**
 * Widens the passages while they fit in `room` characters: first over the short gaps between them
 * (closeGaps), then a line at a time without running into each other: LEAD_LINES upwards (the header of the record a match sits in: the failing test,
 * the function, the event), then downwards (what follows a match, a stack trace after its error),
 * then upwards, so the matched line stays near the top of what a cut or a one-line preview keeps.
 */
function widen(lines: Lines, passages: Passage[], room: number, title: number): Passage[] {
  let chars = passages.reduce((n, p) => n + shownChars(lines, p.first, p.last) + LABEL_CHARS, 0);
  chars = closeGaps(passages, title, { room, chars, label: LABEL_CHARS }, (first, last) =>
    shownChars(lines, first, last),
  );
  const total = lines.texts.length;
  const free = (n: number) => n >= 1 && n <= total && !passages.some((p) => n >= p.first && n <= p.last);
  const phases = [
    { down: false, most: LEAD_LINES },
    { down: true, most: Infinity },
    { down: false, most: Infinity },
  ];
  for (const { down, most } of phases) {
    for (let grown = true, step = 0; grown && step < most; step++) {
      grown = false;
      for (const p of passages) {
        const n = down ? p.last + 1 : p.first - 1;
        const size = free(n) ? shownChars(lines, n, n) : Infinity;
        if (chars + size > room) continue;
        if (down) p.last = n;
        else p.first = n;
        chars += size;
        grown = true;
      }
    }
  }
  return passages;
}

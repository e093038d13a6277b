/**
 * Distinctive terms of a block (file paths, error names, identifiers): what makes a block
 * "referenced" when the recent turns mention them, and what a recall hint is made of.
 */
import { forEachMatch } from '../format/index.js';

/** Characters of a block scanned for terms: bounded cost on huge blocks. */
const SCAN_CHARS = 64_000;
/** Terms kept per block. */
export const MAX_TERMS = 24;
/** Shortest identifier worth tracking. */
const MIN_IDENTIFIER = 5;
/**
 * Longest run of term characters looked at. PATH, ERROR_NAME and IDENTIFIER backtrack
 * quadratically on a long run of word characters (256 KB of `x` took a minute), so they run on
 * runs of at most this length only: linear in the text. Longer runs are hashes or noise, not terms.
 */
const MAX_RUN = 256;
/** Runs of the characters a path, error name or identifier is made of (one pass, no backtracking). */
const TERM_RUN = /[\w.@~/-]+/g;

const PATH = /(?:[\w.@~-]+\/)*[\w@~-][\w.@-]*\.[A-Za-z][A-Za-z0-9]{0,5}\b/g;
const ERROR_NAME = /\b[A-Z]?\w*(?:Error|Exception|Failure|Fault)\b/g;
const BACKTICKED = /`([^`\n]{3,60})`/g;
const IDENTIFIER = /\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|[a-z][a-z0-9]*_[a-z0-9_]+|test_\w+)\b/g;
/** Path-like matches that are really numbers, versions or sentences. */
const NOT_A_PATH = /^(?:\d[\d.]*|[a-z]\.[a-z]|e\.g|i\.e|etc)$/i;

/** Up to MAX_TERMS distinct terms: paths and error names first, then identifiers, in order of appearance. */
export function extractTerms(text: string): string[] {
  const sample = text.length > SCAN_CHARS ? text.slice(0, SCAN_CHARS) : text;
  const found = new Set<string>();
  const add = (term: string) => {
    if (found.size < MAX_TERMS) found.add(term);
  };
  // A match of PATH, ERROR_NAME or IDENTIFIER never spans two runs, and \b at a run's edge is the
  // same inside the run as in the text: running them per run finds what they found on the text.
  const runs = termRuns(sample);
  const addPath = (match: RegExpExecArray) => {
    if (!NOT_A_PATH.test(match[0]) && /[A-Za-z]/.test(match[0])) add(match[0]);
  };
  const addName = (match: RegExpExecArray) => {
    if (match[0].length >= MIN_IDENTIFIER) add(match[0]);
  };
  for (const run of runs) forEachMatch(run, PATH, addPath);
  for (const run of runs) forEachMatch(run, ERROR_NAME, addName);
  // Bounded quantifier: linear on the whole sample.
  for (const match of sample.matchAll(BACKTICKED)) {
    const inner = (match[1] ?? '').trim();
    if (/^[\w./:-]+$/.test(inner)) add(inner);
  }
  for (const run of runs) forEachMatch(run, IDENTIFIER, addName);
  return [...found];
}

/** The runs of term characters in text, up to MAX_RUN long (longer runs are skipped whole). */
export function termRuns(text: string): string[] {
  const runs: string[] = [];
  for (const match of text.matchAll(TERM_RUN)) if (match[0].length <= MAX_RUN) runs.push(match[0]);
  return runs;
}

/** The words of recent text, with path basenames, to test mentions in O(1). */
export function mentionSet(texts: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    const sample = text.length > SCAN_CHARS ? text.slice(0, SCAN_CHARS) : text;
    for (const run of termRuns(sample)) {
      // Bounded run: the trailing-punctuation pattern cannot go quadratic on a long run of dots.
      const word = run.replace(/^[./-]+|[./:-]+$/g, '');
      if (word.length < 3) continue;
      words.add(word);
      const slash = word.lastIndexOf('/');
      if (slash !== -1) words.add(word.slice(slash + 1));
    }
  }
  return words;
}

/** Whether any of a block's terms (or a path's basename) is mentioned. */
export function isMentioned(terms: readonly string[], mentions: ReadonlySet<string>): boolean {
  for (const term of terms) {
    if (mentions.has(term)) return true;
    const slash = term.lastIndexOf('/');
    if (slash !== -1 && mentions.has(term.slice(slash + 1))) return true;
  }
  return false;
}

/** Longest recall hint, in characters. */
const MAX_HINT = 48;
/** Longest path in a hint: a longer one keeps its last folders and name, the part that tells files apart. */
const MAX_HINT_PATH = 24;

export interface HintInput {
  text: string;
  terms: readonly string[];
  path?: string;
  command?: string;
}

/**
 * A short query that finds the block again: its path (its last folders and name when long), the
 * start of its command, its error names and identifiers, else its first words. A part that does not
 * fit is left out, never cut (a path cut in the middle finds nothing); quotes and line breaks are
 * removed so it fits in `recall("…")`. It depends on the block alone, so a replay prints the same
 * stub. The store indexes it with its entry (how often a block's own hint finds it first and in the
 * top 5: benchmarks/store.ts quality, figures in benchmarks/RESULTS.md).
 */
export function recallHint(input: HintInput): string {
  const parts: string[] = [];
  const length = () => parts.reduce((n, part) => n + part.length + 1, -1);
  if (input.path) parts.push(shortPath(input.path));
  if (input.command) parts.push(input.command.split(/\s+/).slice(0, 3).join(' '));
  for (const term of input.terms) {
    if (parts.some((part) => part.includes(term)) || length() + 1 + term.length > MAX_HINT) continue;
    parts.push(term);
  }
  if (parts.length === 0) parts.push(firstWords(input.text, 6).join(' '));
  const hint = parts
    .join(' ')
    .replace(/["\\\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return hint.length > MAX_HINT ? hint.slice(0, MAX_HINT).trimEnd() : hint;
}

/** The first `n` words of a text (runs of non-space), without splitting the whole of a huge one. */
function firstWords(text: string, n: number): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    words.push(match[0]);
    if (words.length === n) break;
  }
  return words;
}

/**
 * The last folders and name of a long path, as many as fit; the name alone when nothing more does.
 * Built from the end, one folder at a time, so a path of many folders costs what it holds.
 */
function shortPath(path: string): string {
  if (path.length <= MAX_HINT_PATH) return path;
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
  let tail = segments.at(-1) ?? path;
  // At most every folder but the first: a path too long to show whole never shows whole.
  for (let i = segments.length - 2; i >= 1; i--) {
    const longer = `${segments[i]}/${tail}`;
    if (longer.length > MAX_HINT_PATH) break;
    tail = longer;
  }
  return tail;
}

/**
 * A sentence splitter for technical prose, linear and dependency-free: a sentence ends at `.`,
 * `!` or `?` (closing quotes and brackets included) before white space and a sentence start,
 * unless the word is an abbreviation; at a line break after such an ending, a colon or a code
 * span; and at every block start. Dots inside tokens (`setup.py`, `json.loads`, `3.5`) never
 * end a sentence. Each sentence carries its content words for TextRank.
 */

/** A sentence of the analysed text: its character range and its content words. */
export interface SentenceSpan {
  start: number;
  end: number;
  /** Normalised content words (stop words, numbers and one-letter words removed). */
  words: string[];
}

/** `.`/`!`/`?`/`…` (repeats allowed), closers, then white space: a candidate sentence end. */
const END = /[.!?…]+["'’”)\]*_`]*(?=\s)/g;
/** What a sentence may start with after an end mark. */
const STARTER = /[A-Z0-9"'“‘`([*_#>$@~/-]/;
/** A line that ends a sentence when the next line starts one. */
const LINE_END = /[.!?:;`)"'’”\]]\s*$/;
/** Words that end in a dot without ending the sentence (lower-cased, without the dot). */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'approx',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jr',
  'sr',
  'inc',
  'ltd',
  'fig',
  'no',
  'vol',
  'al',
  'resp',
  'u.s',
]);
const WORD = /[A-Za-z][A-Za-z0-9_'’-]*/g;

/**
 * Splits text into sentences. A sentence never crosses one of `breaks` (sorted character
 * offsets where a new block starts). Blank sentences are skipped.
 */
export function splitSentences(text: string, breaks: readonly number[] = []): SentenceSpan[] {
  const cuts = new Set<number>(breaks);
  for (const match of text.matchAll(END)) {
    const after = match.index + match[0].length;
    const next = /\S/.exec(text.slice(after, after + 64));
    if (next === null) continue;
    const bang = !match[0].startsWith('.');
    if (!bang && (!STARTER.test(next[0]) || isAbbreviation(text, match.index))) continue;
    cuts.add(after);
  }
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    const line = text.slice(lineStart, i);
    const next = text[i + 1] ?? '';
    if (LINE_END.test(line) && STARTER.test(next)) cuts.add(i + 1);
    lineStart = i + 1;
  }
  const points = [...cuts].filter((cut) => cut > 0 && cut < text.length).sort((a, b) => a - b);
  const spans: SentenceSpan[] = [];
  let from = 0;
  for (const cut of [...points, text.length]) {
    const span = trimmed(text, from, cut);
    if (span) spans.push(span);
    from = cut;
  }
  return spans;
}

function isAbbreviation(text: string, dot: number): boolean {
  const before = /[\w.]*$/.exec(text.slice(Math.max(0, dot - 12), dot))?.[0] ?? '';
  return ABBREVIATIONS.has(before.toLowerCase());
}

function trimmed(text: string, from: number, to: number): SentenceSpan | undefined {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (start >= end) return undefined;
  return { start, end, words: contentWords(text.slice(start, end)) };
}

/** Lower-cased words that are not stop words, with a light plural strip. */
export function contentWords(sentence: string): string[] {
  const words: string[] = [];
  for (const match of sentence.matchAll(WORD)) {
    const word = match[0].toLowerCase().replace(/['’]s$/, '');
    if (word.length > 1 && !STOP_WORDS.has(word)) words.push(stem(word));
  }
  return words;
}

/** A light plural strip, so "files" and "file" count as one word. */
function stem(word: string): string {
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing done down during each either else even ever ' +
    'every few for from further get gets got had has have having he her here hers herself him himself his ' +
    'how however if in into is it its itself just let lets like may me might more most much must my ' +
    'myself need needs no nor not now of off on once one only or other our ours ourselves out over own ' +
    'per quite rather really same see seems shall she should since so some still such than that the ' +
    'their theirs them themselves then there these they this those though through thus to too under ' +
    'until up upon us use used using very via was we well were what when where whether which while who ' +
    'whom whose why will with within without would yet you your yours yourself yourselves ' +
    "i'm i've i'd i'll it's let's that's there's don't doesn't didn't isn't aren't wasn't can't won't okay ok"
  ).split(' '),
);

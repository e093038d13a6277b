import { createRequire } from 'node:module';

/**
 * Sentence splitting for technical prose. wink-nlp's sentence boundary detection finds the
 * sentence ends (abbreviations, decimals and dotted names like `setup.py` stay inside a
 * sentence); two rules for chat prose are added on top: a line break after a sentence-like line
 * ending (`.`, `:`, a code span…) starts a sentence, and so does every block start. Each
 * sentence carries its content words for TextRank.
 */

/** A sentence of the analysed text: its character range and its content words. */
export interface SentenceSpan {
  start: number;
  end: number;
  /** Normalised content words (stop words, numbers and one-letter words removed). */
  words: string[];
}

/** What a sentence may start with after a line break. */
const STARTER = /[A-Z0-9"'“‘`([*_#>$@~/-]/;
/** A line that ends a sentence when the next line starts one. */
const LINE_END = /[.!?:;`)"'’”\]]\s*$/;
const WORD = /[A-Za-z][A-Za-z0-9_'’-]*/g;

/**
 * Splits text into sentences. A sentence never crosses one of `breaks` (sorted character
 * offsets where a new block starts). Blank sentences are skipped.
 */
export function splitSentences(text: string, breaks: readonly number[] = []): SentenceSpan[] {
  const cuts = new Set<number>(breaks);
  for (const start of sentenceStarts(text)) cuts.add(start);
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

type ItsFunction = (...args: never[]) => unknown;
interface Wink {
  readDoc(text: string): {
    tokens(): { out(its: ItsFunction): unknown[] };
    sentences(): { out(its: ItsFunction): unknown[] };
  };
  its: { value: ItsFunction; precedingSpaces: ItsFunction; span: ItsFunction };
}

let wink: Wink | undefined;

/** wink-nlp with only its sentence-boundary pipe; loaded on first use (~150 ms), never on import. */
function loadWink(): Wink {
  if (wink) return wink;
  const require = createRequire(import.meta.url);
  const winkNLP = require('wink-nlp') as (model: unknown, pipe?: string[]) => Wink;
  wink = winkNLP(require('wink-eng-lite-web-model'), ['sbd']);
  return wink;
}

/** Code spans, and dots inside a token (`setup.py`, `json.loads`, `3.5`). */
const CODE_SPAN = /`[^`\n]+`/g;
const INNER_DOT = /(?<=[\w)\]])\.(?=[\w(])/g;
/**
 * wink's tokenizer tries an e-mail regex with nested quantifiers on each token: quadratic in the
 * token's length (a 137K-character run of `#` took minutes). Runs longer than this are masked as
 * short tokens of the same total length, so wink's work stays linear in the text.
 */
const LONG_RUN = /\S{65,}/g;

/**
 * wink-nlp reads technical text badly (`setup.py` would end a sentence at its dot): code spans
 * and in-token dots are masked with letters of the same length, so offsets are unchanged.
 */
export function maskForWink(text: string): string {
  return text
    .replace(CODE_SPAN, (span) => `\`${'x'.repeat(span.length - 2)}\``)
    .replace(INNER_DOT, '_')
    .replace(LONG_RUN, (run) => 'x '.repeat(Math.ceil(run.length / 2)).slice(0, run.length));
}

/**
 * Character offsets where wink-nlp starts a sentence (after the first). wink's tokenisation is
 * lossless: preceding spaces plus token values rebuild the text, which gives each token's offset.
 */
export function sentenceStarts(text: string): number[] {
  if (text.trim() === '') return [];
  const nlp = loadWink();
  const doc = nlp.readDoc(maskForWink(text));
  const values = doc.tokens().out(nlp.its.value) as string[];
  const spaces = doc.tokens().out(nlp.its.precedingSpaces) as string[];
  const offsets = new Array<number>(values.length);
  let offset = 0;
  for (let t = 0; t < values.length; t++) {
    offset += spaces[t]!.length;
    offsets[t] = offset;
    offset += values[t]!.length;
  }
  const starts: number[] = [];
  for (const [first] of doc.sentences().out(nlp.its.span) as Array<[number, number]>) {
    const at = offsets[first];
    if (at !== undefined && at > 0) starts.push(at);
  }
  return starts;
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

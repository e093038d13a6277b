import { createRequire } from 'node:module';

/** A sentence of the analysed text: its character range and its content words. */
export interface SentenceSpan {
  start: number;
  end: number;
  /** Normalised content words (stop words, punctuation and one-letter words removed). */
  words: string[];
}

/** The part of wink-nlp used here (its helpers typed as plain function properties). */
type ItsFunction = (...args: never[]) => unknown;
interface WinkCollection {
  out(its: ItsFunction): unknown[];
}
interface WinkDocument {
  tokens(): WinkCollection;
  sentences(): WinkCollection;
}
interface Its {
  value: ItsFunction;
  precedingSpaces: ItsFunction;
  normal: ItsFunction;
  type: ItsFunction;
  stopWordFlag: ItsFunction;
  span: ItsFunction;
}
interface Loaded {
  nlp: { readDoc(text: string): WinkDocument };
  its: Its;
}

let loaded: Loaded | undefined;

/** wink-nlp and its English model load on first use only (~150 ms), never on import. */
function load(): Loaded {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const winkNLP = require('wink-nlp') as (model: unknown, pipe?: string[]) => Loaded['nlp'] & { its: Its };
  const model: unknown = require('wink-eng-lite-web-model');
  const nlp = winkNLP(model, ['sbd']);
  loaded = { nlp, its: nlp.its };
  return loaded;
}

/** Token types whose normal form counts as a content word. */
const CONTENT_TYPES: ReadonlySet<string> = new Set(['word', 'number', 'url', 'hashtag', 'mention']);

/**
 * Splits text into sentences with wink-nlp and lists each sentence's content words. wink's
 * tokenisation is lossless (preceding spaces + token values rebuild the text), which gives
 * each sentence its exact character range. A sentence never crosses one of `breaks` (sorted
 * character offsets where a new block starts): it is cut there.
 */
export function analyze(text: string, breaks: readonly number[] = []): SentenceSpan[] {
  if (text.trim() === '') return [];
  const { nlp, its } = load();
  const runs = longRuns(text);
  const doc = nlp.readDoc(runs.length === 0 ? text : maskRuns(text, runs));
  const values = doc.tokens().out(its.value) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const normals = doc.tokens().out(its.normal) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as boolean[];
  const spans = doc.sentences().out(its.span) as [number, number][];

  const starts = new Array<number>(values.length);
  let offset = 0;
  for (let t = 0; t < values.length; t++) {
    offset += spaces[t]!.length;
    starts[t] = offset;
    offset += values[t]!.length;
  }
  const sentences: SentenceSpan[] = [];
  let nextBreak = 0;
  for (const [first, last] of spans) {
    let current: SentenceSpan | undefined;
    for (let t = first; t <= last; t++) {
      if (values[t]!.trim() === '') continue; // newline and tab tokens belong to no sentence
      const start = starts[t]!;
      while (nextBreak < breaks.length && breaks[nextBreak]! <= start) {
        nextBreak++;
        if (current) sentences.push(current);
        current = undefined;
      }
      current ??= { start, end: start, words: [] };
      current.end = start + values[t]!.length;
      const normal = normals[t]!;
      if (!stops[t] && normal.length > 1 && CONTENT_TYPES.has(types[t]!)) current.words.push(stem(normal));
    }
    if (current) sentences.push(current);
  }
  widenOverRuns(sentences, runs, new Set(breaks));
  return mergeGlued(text, sentences, breaks);
}

/** wink's tokenizer slows down sharply on very long unbroken runs (base64, minified code). */
const LONG_RUN = 200;

/** [start, end) of every run of LONG_RUN or more non-space characters. */
function longRuns(text: string): [number, number][] {
  const runs: [number, number][] = [];
  for (const match of text.matchAll(new RegExp(`\\S{${LONG_RUN},}`, 'g')))
    runs.push([match.index, match.index + match[0].length]);
  return runs;
}

/** The text with the runs blanked out (offsets unchanged), for wink. */
function maskRuns(text: string, runs: readonly [number, number][]): string {
  let out = '';
  let cursor = 0;
  for (const [start, end] of runs) {
    out += text.slice(cursor, start) + ' '.repeat(end - start);
    cursor = end;
  }
  return out + text.slice(cursor);
}

/** A masked run glued to the end (or else the start) of a sentence belongs to that sentence. */
function widenOverRuns(
  sentences: SentenceSpan[],
  runs: readonly [number, number][],
  blockStarts: ReadonlySet<number>,
): void {
  if (runs.length === 0) return;
  const byEnd = new Map(sentences.map((s) => [s.end, s]));
  const byStart = new Map(sentences.map((s) => [s.start, s]));
  for (const [start, end] of runs) {
    const before = blockStarts.has(start) ? undefined : byEnd.get(start);
    const after = blockStarts.has(end) ? undefined : byStart.get(end);
    if (before) {
      byEnd.delete(before.end);
      before.end = end;
      byEnd.set(end, before);
    } else if (after) {
      byStart.delete(after.start);
      after.start = start;
      byStart.set(start, after);
    }
  }
}

/**
 * wink ends a sentence at the dot of `json.loads` or `setup.py`; a sentence that starts right
 * where the previous one ended (no space between) is joined back to it, unless a block starts there.
 */
function mergeGlued(text: string, sentences: SentenceSpan[], breaks: readonly number[]): SentenceSpan[] {
  const blockStarts = new Set(breaks);
  const merged: SentenceSpan[] = [];
  for (const sentence of sentences) {
    const last = merged[merged.length - 1];
    const glued = last !== undefined && sentence.start === last.end && !/\s/.test(text[last.end] ?? ' ');
    if (glued && !blockStarts.has(sentence.start)) {
      last.end = sentence.end;
      last.words.push(...sentence.words);
    } else merged.push(sentence);
  }
  return merged;
}

/** A light plural strip, so "files" and "file" count as one word. */
function stem(word: string): string {
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

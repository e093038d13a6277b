/**
 * The words gardener puts in a request: every summary and stub says what it is, how big the
 * original was, and the id to get it back (docs/DESIGN.md "Words").
 */
import { formatBytes, integer } from '../../format/index.js';
import { wayBack, type RetrievalWords } from '../session/words.js';

/** Longest compressor note kept in a stub line. */
const MAX_NOTE = 80;

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').replace(/[[\]]/g, '').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export interface LabelInput {
  /** What it is: a content class, or `image` / `document`. */
  what: string;
  /** Tokens of the original. */
  before: number;
  id: string;
  /** Recall query that finds it. */
  hint: string;
  note?: string;
  words: RetrievalWords;
}

/**
 * First line of a summary: `[gardener: log summary 8,412→1,020 tok · fetch("a3f2")]`. It heads every
 * summarised block, so it is kept short: the id is said once, in the call that fetches the original
 * (26 tokens where `id=a3f2 · ` before it made 33; on the Claude Code sessions' tool output that is
 * 0.007 of its tokens, benchmarks/cc-tool-output.ts).
 */
export function summaryHeader(input: LabelInput & { after: number }): string {
  return `[gardener: ${input.what} summary ${integer(input.before)}→${integer(input.after)} tok · ${wayBack(input.words, input.id, input.before)}]`;
}

/**
 * A stub: `[gardener: log 4,412→0 tok · fetch("a3f2") · pytest: 3 failed · or recall("vat test failure")]`.
 * It leads with the exact way back (the original by id, in the door's words), then what the
 * compressor noted, then a search that finds it when the id is not what the model has in hand.
 */
export function stubLine(input: LabelInput): string {
  const note = input.note ? ` · ${oneLine(input.note, MAX_NOTE)}` : '';
  return `[gardener: ${input.what} ${integer(input.before)}→0 tok · ${wayBack(input.words, input.id, input.before)}${note} · or ${input.words.recall(input.hint)}]`;
}

/** A repeated image or document: the bytes were attached earlier, so only a reference is sent. */
export function mediaRepeatLine(input: {
  what: string;
  mediaType: string;
  bytes: number;
  id: string;
  hash: string;
}): string {
  return `[gardener: ${input.what} ${input.mediaType} ${formatBytes(input.bytes)} · repeat of one attached earlier · id=${input.id} · sha256 ${input.hash.slice(0, 12)}]`;
}

/** An old image or document dropped from context. */
export function mediaStubLine(input: {
  what: string;
  mediaType: string;
  bytes: number;
  id: string;
  before: number;
  words: RetrievalWords;
}): string {
  return `[gardener: ${input.what} ${input.mediaType} ${formatBytes(input.bytes)} ${integer(input.before)}→0 tok · id=${input.id} · ${input.words.fetch(input.id)} to see it again]`;
}

/**
 * The words gardener puts in a request: every summary and stub says what it is, how big the
 * original was, and the id to get it back (docs/DESIGN.md "Words").
 */
import { CONTENT_CLASSES } from '../../classify/constants.js';
import { formatBytes, integer } from '../../format/index.js';
import { LONG_ORIGINAL_TOKENS, PART_WORDS, wayBack, type RetrievalWords } from '../session/words.js';

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

/** Entry ids as the store makes them (store/ids.ts): 8 characters of Crockford's base32. */
const ENTRY_ID = '[0-9a-hjkmnp-tv-z]{8}';
/** A count as integer() writes it. */
const COUNT = '(0|[1-9]\\d{0,2}(?:,\\d{3})*)';
/** The way back to one entry in any door's words: gardener's fetch tool by any name, or the shell. */
const WAY_BACK = `(?:[\\w-]*fetch\\((?:id: )?"${ENTRY_ID}"(, query: "${PART_WORDS}")?\\)|run \`gardener show ${ENTRY_ID}( --grep "${PART_WORDS}")?\`)`;
/** A search in any door's words: gardener's recall tool by any name, or the shell (a short query). */
const RECALL = `(?:[\\w-]*recall\\((?:query: )?"[^"\\\\\\n]{0,200}"\\)|run \`gardener recall "[^"\\\\\\n]{0,200}"\`)`;
const WHAT = `(?:${CONTENT_CLASSES.join('|')})`;
const MEDIA = '(?:image|document) [^\\s[\\]]{1,100} \\d+(?:\\.\\d)? (?:B|KB|MB|GB|TB)';

const SUMMARY_HEADER = new RegExp(`^\\[gardener: ${WHAT} summary ${COUNT}→${COUNT} tok · ${WAY_BACK}\\]$`);
const STUB = new RegExp(
  `^\\[gardener: ${WHAT} ${COUNT}→0 tok · ${WAY_BACK}(?: · [^\\n[\\]]{1,${MAX_NOTE}})? · or ${RECALL}\\]$`,
);
const MEDIA_LINES = [
  new RegExp(`^\\[gardener: ${MEDIA} [\\d,]+→0 tok · id=${ENTRY_ID} · ${WAY_BACK} to see it again\\]$`),
  new RegExp(
    `^\\[gardener: ${MEDIA} · repeat of one attached earlier · id=${ENTRY_ID} · sha256 [0-9a-f]{12}\\]$`,
  ),
];
/** Longer than any header, stub or media line the writers above make. */
const MAX_LABEL_LINE = 600;

/**
 * Whether a text is one of gardener's own forms, exactly as the writers above make it: a summary
 * (its header, then a body of as many tokens as the header says, fewer than the original had), a
 * stub or a media line (one line). Such a text has been gardened already; shortening it again would
 * summarise a summary. Anything more or other around a label is not one: it is gardened as any text.
 * `tokenizer` is the one the headers were counted with.
 */
export function isOwnForm(text: string, tokenizer: { count(text: string): number }): boolean {
  if (!text.startsWith('[gardener: ')) return false;
  const newline = text.indexOf('\n');
  const first = newline === -1 ? text : text.slice(0, newline);
  if (first.length > MAX_LABEL_LINE) return false;
  if (newline === -1) return isOwnStub(first) || MEDIA_LINES.some((line) => line.test(first));
  const header = SUMMARY_HEADER.exec(first);
  if (header === null || !asksRightly(header)) return false;
  const after = parseCount(header[2]);
  const body = text.slice(newline + 1);
  return after < parseCount(header[1]) && body.trim() !== '' && tokenizer.count(body) === after;
}

/** A stub line whose way back asks for a part exactly when its original is long. */
function isOwnStub(line: string): boolean {
  const match = STUB.exec(line);
  return match !== null && asksRightly(match);
}

/** The way back asks for a part (fetchPart) exactly when the original was long (wayBack). */
function asksRightly(match: RegExpExecArray): boolean {
  const before = parseCount(match[1]);
  const part = match.slice(2).some((group) => group?.startsWith(', query') || group?.startsWith(' --grep'));
  return part === before > LONG_ORIGINAL_TOKENS;
}

function parseCount(digits: string | undefined): number {
  return Number((digits ?? '').replaceAll(',', ''));
}

import { GardenerError } from '../../../errors.js';

/** One record: a JSONL line (1-based `line`) or an item of a JSON document array (`line` 0, `index`). */
export interface JsonRecord {
  line: number;
  index?: number;
  value: unknown;
}

/** A parsed JSON input: one document, or JSON Lines (one value per line). */
export type JsonInput =
  { kind: 'document'; value: unknown } | { kind: 'lines'; records: JsonRecord[]; skipped: number };

/** What a sniffer sees of a text: cheap, never throws. */
export type JsonShape =
  | { kind: 'document'; value: unknown }
  | { kind: 'lines'; head: unknown[] }
  | { kind: 'invalid' }
  | { kind: 'text' };

/** Lines a sniffer parses at the start of a JSONL text. */
const SNIFF_LINES = 40;
/** Non-empty lines looked at to decide whether a text is JSON Lines. */
const JSONL_PROBE_LINES = 3;

type DocParse = { ok: true; value: unknown } | { ok: false; error: SyntaxError };

// One-entry cache: detect() sniffs with every importer, then parse() reads the same text again.
let cachedText: string | undefined;
let cachedParse: DocParse | undefined;
let cachedShape: JsonShape | undefined;

/** Forget the cached parse (readInput calls it when done, so a large input is not kept alive). */
export function clearJsonCache(): void {
  cachedText = undefined;
  cachedParse = undefined;
  cachedShape = undefined;
}

/**
 * Makes `text` stand for a document parsed elsewhere (from the input's bytes, a piece at a time):
 * until the cache is cleared, sniffers and importers that read JSON get `value` for it.
 */
export function primeDocument(text: string, value: unknown): string {
  cachedText = stripBom(text);
  cachedParse = { ok: true, value };
  cachedShape = undefined;
  return text;
}

function parseDocument(text: string): DocParse {
  if (text === cachedText && cachedParse) return cachedParse;
  cachedShape = undefined;
  let result: DocParse;
  try {
    result = { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    result = { ok: false, error: error as SyntaxError };
  }
  cachedText = text;
  cachedParse = result;
  return result;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function looksLikeJson(text: string): boolean {
  const first = /\S/.exec(text)?.[0];
  return first === '{' || first === '[';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tryParseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON Lines: at least two non-empty lines, and one of the first few is a JSON object on its own. */
function isJsonLines(text: string): boolean {
  let seen = 0;
  let objectLine = false;
  let start = 0;
  while (start < text.length && seen < JSONL_PROBE_LINES + 1) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    seen += 1;
    if (seen <= JSONL_PROBE_LINES && isPlainObject(tryParseLine(line))) objectLine = true;
  }
  return seen >= 2 && objectLine;
}

/** The shape of a text, for sniffers. A JSON document is parsed fully (and cached for parse()). */
export function jsonShape(rawText: string): JsonShape {
  const text = stripBom(rawText);
  if (!looksLikeJson(text)) return { kind: 'text' };
  const doc = parseDocument(text);
  if (doc.ok) return { kind: 'document', value: doc.value };
  if (cachedShape && text === cachedText) return cachedShape;
  cachedShape = linesShape(text);
  return cachedShape;
}

function linesShape(text: string): JsonShape {
  if (!isJsonLines(text)) return { kind: 'invalid' };
  const head: unknown[] = [];
  let start = 0;
  while (start < text.length && head.length < SNIFF_LINES) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    const value = tryParseLine(line);
    if (value !== undefined) head.push(value);
  }
  return { kind: 'lines', head };
}

/** The values a sniffer should look at: the document's items (or the document) or the first lines. */
export function sniffValues(shape: JsonShape): unknown[] {
  switch (shape.kind) {
    case 'document':
      return Array.isArray(shape.value) ? shape.value.slice(0, SNIFF_LINES) : [shape.value];
    case 'lines':
      return shape.head;
    case 'invalid':
    case 'text':
      return [];
  }
}

export interface ReadJsonOptions {
  source?: string;
  lenient?: boolean;
}

/**
 * Parses a JSON document or JSON Lines text. Bad input throws `INPUT_INVALID` naming the file and
 * line (and column for a document); a text cut short says so. With `lenient`, bad JSONL lines are
 * skipped and counted instead.
 */
export function readJson(rawText: string, options: ReadJsonOptions = {}): JsonInput {
  const text = stripBom(rawText);
  const source = options.source ?? '<input>';
  if (text.trim() === '') throw new GardenerError('INPUT_INVALID', 'input is empty', { where: source });
  const doc = parseDocument(text);
  if (doc.ok) return { kind: 'document', value: doc.value };
  if (isJsonLines(text)) return readLines(text, source, options.lenient === true);
  throw documentError(text, doc.error, source);
}

function readLines(text: string, source: string, lenient: boolean): JsonInput {
  const records: JsonRecord[] = [];
  let skipped = 0;
  let lineNo = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    lineNo += 1;
    if (line.trim() === '') continue;
    try {
      records.push({ line: lineNo, value: JSON.parse(line) as unknown });
    } catch (error) {
      if (lenient) {
        skipped += 1;
        continue;
      }
      const isLast = text.slice(start).trim() === '';
      const reason =
        isLast && isUnexpectedEnd(error)
          ? 'the last line is cut short (is the file truncated?)'
          : `line ${lineNo} is not valid JSON: ${describe(error)}`;
      throw new GardenerError('INPUT_INVALID', reason, {
        where: `${source}:${lineNo}`,
        hint: 'pass --lenient to skip lines that are not valid JSON',
      });
    }
  }
  return { kind: 'lines', records, skipped };
}

function isUnexpectedEnd(error: unknown): boolean {
  return error instanceof SyntaxError && /end of JSON input|Unterminated string/i.test(error.message);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/ in JSON at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
}

function documentError(text: string, error: SyntaxError, source: string): GardenerError {
  const match = /at position (\d+)/.exec(error.message);
  const position = match ? Number(match[1]) : text.length;
  const { line, column } = lineAndColumn(text, position);
  const truncated = isUnexpectedEnd(error) || position >= text.trimEnd().length;
  const message = truncated
    ? `JSON ends unexpectedly at line ${line}, column ${column}: the file looks truncated`
    : `invalid JSON at line ${line}, column ${column}: ${describe(error)}`;
  return new GardenerError('INPUT_INVALID', message, { where: `${source}:${line}` });
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}

/** The records of an input: a document's array items (or the document itself), or the lines. */
export function recordsOf(input: JsonInput): JsonRecord[] {
  if (input.kind === 'lines') return input.records;
  if (Array.isArray(input.value))
    return (input.value as unknown[]).map((value, index) => ({ line: 0, index, value }));
  return [{ line: 0, value: input.value }];
}

export { isPlainObject };

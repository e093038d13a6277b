import { ALREADY_REDACTED, PRIVATE_KEY } from './redact-rules.js';

/** Found by the scan: the kind a private key body is redacted as. */
const KIND = 'private-key';
const MARKER = `[REDACTED:${KIND}]`;

/** Longest text between BEGIN and END redacted whole: a PGP key with subkeys fits, a log does not. */
const MAX_WHOLE_BLOCK_CHARS = 24_000;
/** Header lines a PEM block may carry before its body (Proc-Type, DEK-Info, Comment, Version…). */
const MAX_HEADER_LINES = 4;
/** Shortest body line taken for key material unless it ends in base64 padding. */
const MIN_BODY_LINE_CHARS = 16;

const KEY_BEGIN = new RegExp(`-----BEGIN ${PRIVATE_KEY}-----`, 'g');
const KEY_END = new RegExp(`-----END ${PRIVATE_KEY}-----`, 'g');
/** What a key block's body holds: base64, line breaks (real or escaped in JSON) and header lines. */
const KEY_BLOCK_BODY = /^[A-Za-z0-9+/=\s\\:,.()"'-]*$/;
/** A line break, or one escaped inside a JSON string. */
const LINE_BREAK = /\r?\n|\\r\\n|\\n/y;
const NEXT_LINE_BREAK = /\r?\n|\\r\\n|\\n/g;
const ESCAPED_LINE_BREAKS = /\\r\\n|\\n/g;
/** What may stand before a body line: indentation, a Read tool's line number, grep's `file:12:`. */
const LINE_PREFIX = /^[\t ]*(?:\d+(?:→|\t)|[^\s:]{1,200}[:-]\d+[:-])?[\t ]*/;
const LINE_SUFFIX = /[\t ]*["',]?[\t ]*$/;
const HEADER_LINE = /^[A-Z][A-Za-z-]{1,30}: \S/;
const BASE64_LINE = /^[A-Za-z0-9+/]+={0,2}$/;

export interface KeyRedaction {
  text: string;
  count: number;
}

/**
 * Replaces the body of each private key block. A whole block (BEGIN, key material, END) loses
 * everything between its header and footer; a block cut short (head -n, a truncated output) loses
 * only the lines after its header that look like key material, so the text after it is kept.
 * A scan, not a lazy regex: the END search runs once per END, so many BEGINs stay linear.
 */
export function redactKeyBlocks(text: string): KeyRedaction {
  if (!text.includes('PRIVATE KEY')) return { text, count: 0 };
  const parts: string[] = [];
  let done = 0;
  let count = 0;
  let end: RegExpExecArray | null | undefined;
  for (const begin of text.matchAll(KEY_BEGIN)) {
    if (begin.index < done) continue; // inside a block already redacted
    const bodyStart = begin.index + begin[0].length;
    if (end === undefined || (end !== null && end.index < bodyStart)) {
      KEY_END.lastIndex = bodyStart;
      end = KEY_END.exec(text);
    }
    const bodyEnd = end && wholeBlock(text, bodyStart, end.index) ? end.index : cutBodyEnd(text, bodyStart);
    if (bodyEnd === bodyStart) continue;
    const body = text.slice(bodyStart, bodyEnd);
    if (ALREADY_REDACTED.test(body.replace(ESCAPED_LINE_BREAKS, '\n').trim())) continue;
    // The block's own line break: an escaped one inside a JSON string keeps that string valid.
    const lineBreak = lineBreakAt(text, bodyStart);
    parts.push(
      text.slice(done, bodyStart),
      `${lineBreak}${MARKER}${bodyEnd === end?.index ? lineBreak : ''}`,
    );
    done = bodyEnd;
    count++;
  }
  if (count === 0) return { text, count: 0 };
  parts.push(text.slice(done));
  return { text: parts.join(''), count };
}

/** True when BEGIN…END is one key: short, no other BEGIN inside, nothing but key material. */
function wholeBlock(text: string, start: number, end: number): boolean {
  if (end - start > MAX_WHOLE_BLOCK_CHARS) return false;
  const body = text.slice(start, end);
  return !body.includes('-----BEGIN') && KEY_BLOCK_BODY.test(body);
}

/** Where the key material of a block with no END stops: after its last header or base64 line. */
function cutBodyEnd(text: string, start: number): number {
  let at = start;
  let headers = 0;
  let blankSeen = false;
  let bodySeen = false;
  for (;;) {
    LINE_BREAK.lastIndex = at;
    const lineBreak = LINE_BREAK.exec(text);
    if (!lineBreak) return at;
    const lineStart = at + lineBreak[0].length;
    const lineEnd = nextLineBreak(text, lineStart);
    const line = text.slice(lineStart, lineEnd).replace(LINE_PREFIX, '').replace(LINE_SUFFIX, '');
    if (line === '' && !blankSeen && !bodySeen && headers > 0) blankSeen = true;
    else if (!bodySeen && !blankSeen && headers < MAX_HEADER_LINES && HEADER_LINE.test(line)) headers++;
    else if (keyMaterialLine(line)) bodySeen = true;
    else return at;
    at = lineEnd;
  }
}

/** The line break that starts at `at` (real, or escaped as in a JSON string); a newline when there is none. */
function lineBreakAt(text: string, at: number): string {
  LINE_BREAK.lastIndex = at;
  const found = LINE_BREAK.exec(text)?.[0] ?? '\n';
  return found.startsWith('\\') ? found : '\n';
}

function nextLineBreak(text: string, from: number): number {
  NEXT_LINE_BREAK.lastIndex = from;
  return NEXT_LINE_BREAK.exec(text)?.index ?? text.length;
}

/** A base64 line of key material: long and mixed (random), or a short last line with padding. */
function keyMaterialLine(line: string): boolean {
  if (!BASE64_LINE.test(line) && !/^=[A-Za-z0-9+/]{4}$/.test(line)) return false;
  if (line.endsWith('=') || line.startsWith('=')) return true;
  if (line.length < MIN_BODY_LINE_CHARS) return false;
  const mixes = [/[A-Z]/, /[a-z]/, /\d/, /[+/]/].filter((pattern) => pattern.test(line)).length;
  return mixes >= 2;
}

/**
 * Where things are in the bytes of a Messages request body, without parsing it: the top-level keys
 * and the byte range of every message. Exact for valid JSON; on invalid JSON it may say anything
 * or nothing, so whatever it finds is parsed (and so checked) by JSON.parse before it is used.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
/** Bytes compared at once when looking for where two bodies part (then halved down to one byte). */
const COMPARE_SLICE_BYTES = 64 * 1024;

/** The messages of a body: where each one starts and ends (exclusive), and where the array closes. */
export interface MessageRanges {
  starts: number[];
  ends: number[];
  /** Offset of the `]` that closes the messages array. */
  close: number;
}

/** A body's shape: its top-level keys in order (`messages` among them) and its messages' ranges. */
export interface BodyShape extends MessageRanges {
  keys: string[];
  /** Offset of the `[` that opens the messages array. */
  open: number;
}

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function skipSpace(bytes: Buffer, at: number): number {
  while (isSpace(bytes[at])) at++;
  return at;
}

/** The offset after the string that opens at `at`, or -1 when it does not close. */
function stringEnd(bytes: Buffer, at: number): number {
  let from = at + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The offset after the object or array that opens at `at`, or -1 when it does not close. */
function nestedEnd(bytes: Buffer, at: number): number {
  let depth = 0;
  let i = at;
  while (i < bytes.length) {
    const byte = bytes[i];
    if (byte === QUOTE) {
      i = stringEnd(bytes, i);
      if (i < 0) return -1;
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && --depth === 0) return i + 1;
    i++;
  }
  return -1;
}

/** The offset after the JSON value that starts at `at` (no leading space), or -1. */
export function valueEnd(bytes: Buffer, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) return nestedEnd(bytes, at);
  let i = at;
  while (i < bytes.length) {
    const byte = bytes[i];
    if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) break;
    i++;
  }
  return i > at ? i : -1;
}

/**
 * The elements of an array from `at` on: right after its `[` (`afterOpen`), or right after one of
 * its elements. Undefined when the bytes are not an array's rest.
 */
export function scanElements(bytes: Buffer, at: number, afterOpen: boolean): MessageRanges | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  let expectValue = afterOpen;
  let i = at;
  for (;;) {
    i = skipSpace(bytes, i);
    const byte = bytes[i];
    if (byte === CLOSE_BRACKET && (!expectValue || (afterOpen && starts.length === 0)))
      return { starts, ends, close: i };
    if (!expectValue) {
      if (byte !== COMMA) return undefined;
      i++;
      expectValue = true;
      continue;
    }
    const end = valueEnd(bytes, i);
    if (end < 0) return undefined;
    starts.push(i);
    ends.push(end);
    i = end;
    expectValue = false;
  }
}

/**
 * The shape of a whole body: undefined unless it is one object with a `messages` array, no key
 * twice and no `__proto__` key (so a body rebuilt from its parts is the one JSON.parse gives).
 */
export function scanBody(bytes: Buffer): BodyShape | undefined {
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== OPEN_BRACE) return undefined;
  i = skipSpace(bytes, i + 1);
  const keys: string[] = [];
  let messages: (MessageRanges & { open: number }) | undefined;
  while (bytes[i] === QUOTE) {
    const keyEnd = stringEnd(bytes, i);
    if (keyEnd < 0) return undefined;
    const key = keyAt(bytes, i, keyEnd);
    if (key === undefined || keys.includes(key) || key === '__proto__') return undefined;
    keys.push(key);
    i = skipSpace(bytes, keyEnd);
    if (bytes[i] !== COLON) return undefined;
    i = skipSpace(bytes, i + 1);
    if (key === 'messages') {
      if (bytes[i] !== OPEN_BRACKET) return undefined;
      const ranges = scanElements(bytes, i + 1, true);
      if (!ranges) return undefined;
      messages = { ...ranges, open: i };
      i = ranges.close + 1;
    } else {
      i = valueEnd(bytes, i);
      if (i < 0) return undefined;
    }
    i = skipSpace(bytes, i);
    if (bytes[i] !== COMMA) break;
    i = skipSpace(bytes, i + 1);
  }
  if (bytes[i] !== CLOSE_BRACE || skipSpace(bytes, i + 1) !== bytes.length || !messages) return undefined;
  return { keys, ...messages };
}

function keyAt(bytes: Buffer, start: number, end: number): string | undefined {
  try {
    return JSON.parse(bytes.toString('utf8', start, end)) as string;
  } catch {
    return undefined;
  }
}

/** How many leading bytes two buffers share (compared natively, in halving slices). */
export function commonPrefix(a: Buffer, b: Buffer): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  const slice = COMPARE_SLICE_BYTES;
  while (i + slice <= length && a.compare(b, i, i + slice, i, i + slice) === 0) i += slice;
  for (let size = slice / 2; size >= 1; size >>= 1)
    if (i + size <= length && a.compare(b, i, i + size, i, i + size) === 0) i += size;
  return i;
}

/** Longest id kept (bytes of its JSON text): a longer one is not an id a client sends. */
const MAX_ID_BYTES = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

/** The id of a JSON-RPC line read a chunk at a time, never held whole. */
export interface IdScanner {
  push(chunk: Buffer): void;
  /** The top-level `"id"` (a string or number; the last, as JSON.parse keeps it), or null. */
  id(): string | number | null;
}

/**
 * Finds the top-level `"id"` of a JSON object as its bytes stream past, keeping only the id itself:
 * the reply to a line too large to read can then name the request it answers, as JSON-RPC asks
 * (its id is null only when the id cannot be detected). The id may come anywhere in the object
 * (the MCP SDK writes it last, after the params). Structure is ASCII, so bytes are scanned as they
 * are; whether the whole line is valid JSON is not checked (it is refused either way).
 */
export function createIdScanner(): IdScanner {
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** At depth 1, the next string is a key. */
  let expectKey = false;
  let key: number[] | undefined;
  let keyIsId = false;
  /** At depth 1, the next value is the id's. */
  let idValueNext = false;
  let capture: { kind: 'string' | 'number'; bytes: number[] } | undefined;
  let found: string | number | null = null;

  const finishCapture = () => {
    if (!capture) return;
    const text = Buffer.from(capture.bytes).toString('utf8');
    const overLong = capture.bytes.length > MAX_ID_BYTES;
    found = overLong ? null : capture.kind === 'string' ? parseString(text) : parseNumber(text);
    capture = undefined;
  };
  const keep = (into: number[], byte: number) => {
    if (into.length <= MAX_ID_BYTES) into.push(byte);
  };

  const inside = (byte: number) => {
    if (escaped) escaped = false;
    else if (byte === BACKSLASH) escaped = true;
    else if (byte === QUOTE) {
      inString = false;
      if (key) keyIsId = Buffer.from(key).toString('latin1') === 'id';
      key = undefined;
      if (capture?.kind === 'string') finishCapture();
      return;
    }
    if (key) keep(key, byte);
    if (capture) keep(capture.bytes, byte);
  };

  const outside = (byte: number) => {
    if (capture?.kind === 'number') {
      if (isNumberByte(byte)) return keep(capture.bytes, byte);
      finishCapture();
    }
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) return;
    const valueHere = depth === 1 && idValueNext;
    if (valueHere) idValueNext = false;
    if (byte === QUOTE) {
      inString = true;
      if (valueHere) capture = { kind: 'string', bytes: [] };
      else if (depth === 1 && expectKey) key = [];
      expectKey = false;
    } else if (byte === 0x7b || byte === 0x5b) {
      // `{` or `[`: an object or array id is no id.
      if (valueHere) found = null;
      depth++;
      if (depth === 1) expectKey = byte === 0x7b;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
    else if (byte === COMMA) expectKey = depth === 1;
    else if (byte === COLON) {
      idValueNext = depth === 1 && keyIsId;
      keyIsId = false;
    } else if (valueHere) {
      if (isNumberByte(byte)) capture = { kind: 'number', bytes: [byte] };
      else found = null;
    }
  };

  return {
    push(chunk) {
      for (const byte of chunk) {
        if (inString) inside(byte);
        else outside(byte);
      }
    },
    id() {
      if (capture?.kind === 'number') finishCapture();
      return found;
    },
  };
}

function isNumberByte(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x2d ||
    byte === 0x2b ||
    byte === 0x2e ||
    byte === 0x65 ||
    byte === 0x45
  );
}

function parseString(raw: string): string | null {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return null;
  }
}

function parseNumber(raw: string): number | null {
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

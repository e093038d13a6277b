/**
 * Stored text shown on a terminal. What a tool printed or a web page held can carry control
 * sequences: a title change, a clipboard write (OSC 52), a cleared screen, an erased line, bidi
 * overrides that reorder what is read. Shown as stored they would act on the user's terminal, so
 * every printer of stored content passes it through `terminalSafe` first: each such character is
 * shown as a visible stand-in instead, and line breaks and tabs stay.
 */

/**
 * C0 controls but tab and line feed (a carriage return only when no line feed follows it), DEL,
 * C1 controls, and the bidi embeddings, overrides and isolates.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
const UNSAFE_TEST = new RegExp(UNSAFE.source);

/** Where the Unicode block of control pictures starts: U+2400 + code is ␀ … ␟. */
const CONTROL_PICTURES = 0x2400;

function standIn(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(CONTROL_PICTURES + code);
  if (code === 0x7f) return '␡';
  const hex = code.toString(16).toUpperCase();
  return code <= 0xff ? `\\x${hex}` : `\\u${hex}`;
}

/** The text with every control character (but line breaks and tabs) shown as a visible stand-in: ESC as ␛. */
export function terminalSafe(text: string): string {
  return UNSAFE_TEST.test(text) ? text.replace(UNSAFE, standIn) : text;
}

/** What JSON.stringify leaves as it is but a terminal may act on: DEL, C1 controls, bidi controls. */
const JSON_UNSAFE = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const JSON_UNSAFE_TEST = new RegExp(JSON_UNSAFE.source);

/**
 * JSON text with the characters JSON.stringify leaves raw but a terminal may act on written as
 * `\u` escapes: the same JSON value, safe to print. (Such characters occur only inside strings.)
 */
export function jsonTerminalSafe(json: string): string {
  return JSON_UNSAFE_TEST.test(json)
    ? json.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : json;
}

/** Each piece made terminal-safe, for output written as it is produced. */
export function* terminalSafePieces(pieces: Iterable<string>): Generator<string> {
  for (const piece of pieces) yield terminalSafe(piece);
}

/** Each piece of JSON output made terminal-safe (see jsonTerminalSafe). */
export function* jsonTerminalSafePieces(pieces: Iterable<string>): Generator<string> {
  for (const piece of pieces) yield jsonTerminalSafe(piece);
}

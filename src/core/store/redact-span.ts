/**
 * Where a redaction may cut a text. A secret found in the source of a JSON file (or any string
 * literal) can begin or end inside a backslash escape (`\n`, `\"`, `\u00e9`); replacing half an
 * escape would leave a lone backslash before the marker or eat the one before a quote, and the
 * text would no longer parse. So a span is narrowed to whole escapes and whole surrogate pairs.
 */

const BACKSLASH = 0x5c;
const HEX4 = /^[0-9A-Fa-f]{4}$/;

/** Characters an escape that starts at `at` (a backslash) takes: `\uXXXX` six, any other two. */
function escapeLength(text: string, at: number): number {
  return text[at + 1] === 'u' && HEX4.test(text.slice(at + 2, at + 6)) ? 6 : 2;
}

/** True when the character at `at` is escaped: an odd run of backslashes stands right before it. */
function escaped(text: string, at: number): boolean {
  let run = 0;
  while (at - run - 1 >= 0 && text.charCodeAt(at - run - 1) === BACKSLASH) run++;
  return run % 2 === 1;
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The largest part of `[start, end)` that holds only whole escapes and whole surrogate pairs, or
 * undefined when nothing is left. In text without backslashes it is the span itself.
 */
export function safeSpan(text: string, start: number, end: number): [number, number] | undefined {
  let from = start;
  if (from > 0 && escaped(text, from)) {
    // The first character finishes an escape begun before the span: step past that escape.
    const backslash = from - 1;
    from = backslash + escapeLength(text, backslash);
  }
  if (from < end && isLow(text.charCodeAt(from)) && from > 0 && isHigh(text.charCodeAt(from - 1))) from++;
  let at = from;
  while (at < end) {
    if (text.charCodeAt(at) !== BACKSLASH) {
      at++;
      continue;
    }
    const length = escapeLength(text, at);
    if (at + length > end) break;
    at += length;
  }
  let to = Math.min(at, end);
  if (to > from && isHigh(text.charCodeAt(to - 1)) && to < text.length && isLow(text.charCodeAt(to))) to--;
  return to > from ? [from, to] : undefined;
}

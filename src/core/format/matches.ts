/**
 * Calls `visit` with each match of a global pattern in text, the matches `text.matchAll(pattern)`
 * gives, until `visit` returns false. matchAll copies the pattern and makes an iterator on every
 * call: run on every word of every block a batch stores, those copies were most of what extracting
 * terms allocated. The pattern is read from `from` (the start by default) whatever its lastIndex,
 * and left at 0.
 */
export function forEachMatch(
  text: string,
  pattern: RegExp,
  visit: (match: RegExpExecArray) => boolean | void,
  from = 0,
): void {
  pattern.lastIndex = from;
  try {
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (visit(match) === false) return;
      // An empty match steps on, as matchAll does: a code point with the unicode flag, else a unit.
      if (match[0] === '')
        pattern.lastIndex += pattern.unicode && (text.codePointAt(pattern.lastIndex) ?? 0) > 0xffff ? 2 : 1;
    }
  } finally {
    pattern.lastIndex = 0;
  }
}

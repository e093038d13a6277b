/**
 * Slices of a text of about `size` characters each, in order, never splitting a surrogate pair:
 * their UTF-8 encodings, one after another, are the text's own. For work on a huge text that must
 * not encode or copy it whole at once (hashing it, deflating it).
 */
export function* textSlices(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + size);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    yield text.slice(at, end);
    at = end;
  }
}

/**
 * Slices of a text that end at a line end where one is near: each holds whole lines of about `size`
 * characters (a line longer than that is cut at `size`, as textSlices cuts).
 */
export function* lineSlices(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + size);
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1);
      if (newline >= at + size / 2) end = newline + 1;
      else if (isHighSurrogate(text.charCodeAt(end - 1))) end++;
    }
    yield text.slice(at, end);
    at = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

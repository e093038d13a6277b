/** Characters of an original one fetch returns (about 6k tokens): the rest comes with `offset`. */
export const FETCH_CHARS = 24_000;

export interface FetchWindow {
  text: string;
  offset: number;
  end: number;
  total: number;
  /** Where the next window starts, when there is more. */
  next?: number;
}

/**
 * One window of a long text, cut at a line break when one is near the end of the window (so a
 * continuation starts on a fresh line), never in the middle of a surrogate pair.
 */
export function fetchWindow(text: string, offset: number, size = FETCH_CHARS): FetchWindow {
  const start = Math.min(Math.max(0, offset), text.length);
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const newline = text.lastIndexOf('\n', end - 1);
    if (newline >= start + size / 2) end = newline + 1;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  }
  const window: FetchWindow = { text: text.slice(start, end), offset: start, end, total: text.length };
  if (end < text.length) window.next = end;
  return window;
}

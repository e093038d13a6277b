/** Characters of an original shown around the matched words. */
export const SNIPPET_CHARS = 480;
/** Only this much of a huge original is scanned for words (the index already said it matches). */
const MAX_SCAN_CHARS = 400_000;
/** Occurrences remembered per word: enough to place a window. */
const MAX_POSITIONS = 64;
/** A window edge moves to a line boundary when one is this close. */
const LINE_SNAP = 120;

const WORD_CHAR = /[\p{L}\p{N}]/u;
const LOWER_OR_DIGIT = /[\p{Ll}\p{N}]/u;

/**
 * Where each token occurs in text, as the index would see it: at a word start, or at a camelCase
 * boundary (`config` in `parseConfig`), and not running on into more lower-case letters.
 */
export function findTokens(
  text: string,
  tokens: readonly string[],
  limits: { maxPositions?: number; maxScanChars?: number } = {},
): Map<string, number[]> {
  const maxScan = limits.maxScanChars ?? MAX_SCAN_CHARS;
  const maxPositions = limits.maxPositions ?? MAX_POSITIONS;
  const scanned = text.length > maxScan ? text.slice(0, maxScan) : text;
  const lower = scanned.toLowerCase();
  // toLowerCase keeps length for nearly all text; when it does not, positions are approximate.
  const found = new Map<string, number[]>();
  for (const token of tokens) {
    const positions: number[] = [];
    for (
      let at = lower.indexOf(token);
      at !== -1 && positions.length < maxPositions;
      at = lower.indexOf(token, at + 1)
    ) {
      const before = scanned[at - 1] ?? '';
      const first = scanned[at] ?? '';
      const after = scanned[at + token.length] ?? '';
      const startsWord =
        before === '' ||
        !WORD_CHAR.test(before) ||
        (LOWER_OR_DIGIT.test(before) && first !== first.toLowerCase());
      const endsWord =
        after === '' || !LOWER_OR_DIGIT.test(after) || /\d/.test(token.at(-1) ?? '') !== /\d/.test(after);
      if (startsWord && endsWord) positions.push(at);
    }
    if (positions.length > 0) found.set(token, positions);
  }
  return found;
}

/**
 * A window of about `width` characters of text covering the most (and the rarest) matched words,
 * widened to whole lines when close, with `…` where text was cut. Undefined when no word occurs.
 */
export function snippet(
  text: string,
  found: ReadonlyMap<string, number[]>,
  weights: ReadonlyMap<string, number>,
  width = SNIPPET_CHARS,
): string | undefined {
  const hits: Array<{ at: number; token: string }> = [];
  for (const [token, positions] of found) for (const at of positions) hits.push({ at, token });
  if (hits.length === 0) return undefined;
  hits.sort((a, b) => a.at - b.at);

  let best = { start: hits[0]?.at ?? 0, score: -1 };
  let right = 0;
  const inWindow = new Map<string, number>();
  for (let left = 0; left < hits.length; left++) {
    const start = hits[left]?.at ?? 0;
    while (right < hits.length && (hits[right]?.at ?? 0) < start + width) {
      const token = hits[right]?.token ?? '';
      inWindow.set(token, (inWindow.get(token) ?? 0) + 1);
      right++;
    }
    let score = 0;
    for (const token of inWindow.keys()) score += weights.get(token) ?? 1;
    if (score > best.score) best = { start, score };
    const leaving = hits[left]?.token ?? '';
    const remaining = (inWindow.get(leaving) ?? 1) - 1;
    if (remaining === 0) inWindow.delete(leaving);
    else inWindow.set(leaving, remaining);
  }
  // A little context before the first word, then out to whole lines when they are close.
  let start = Math.max(0, best.start - Math.floor(width / 6));
  const lineStart = start === 0 ? -1 : text.lastIndexOf('\n', start - 1);
  if (start - (lineStart + 1) <= LINE_SNAP) start = lineStart + 1;
  let end = Math.min(text.length, start + width);
  const lineEnd = text.indexOf('\n', end);
  if (lineEnd === -1 ? text.length - end <= LINE_SNAP : lineEnd - end <= LINE_SNAP)
    end = lineEnd === -1 ? text.length : lineEnd;
  const body = text.slice(start, end).replace(/\s+$/, '');
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

/** The first `width` characters of text, ended at a line when one is close, `…` when cut. */
export function head(text: string, width = SNIPPET_CHARS): string {
  if (text.length <= width + LINE_SNAP) return text;
  const lineEnd = text.indexOf('\n', width);
  const end = lineEnd !== -1 && lineEnd - width <= LINE_SNAP ? lineEnd : width;
  return `${text.slice(0, end).replace(/\s+$/, '')}…`;
}

import { forEachMatch } from '../format/index.js';

/**
 * The pieces a pre-tokenizer pattern cuts a text into: the matches `text.matchAll(global)` gives,
 * without its match array per piece. A batch counts millions of pieces, and those arrays were the
 * largest part of what counting allocated. The pattern is tried sticky at the end of the last piece
 * and read with test(); cl100k's pattern matches every character, so that is every piece. Where it
 * does not match there, or matches empty, the rest is read by exec from that point, as matchAll would.
 */
export function forEachPiece(
  text: string,
  sticky: RegExp,
  global: RegExp,
  visit: (piece: string) => void,
): void {
  let at = 0;
  sticky.lastIndex = 0;
  while (at < text.length) {
    if (!sticky.test(text) || sticky.lastIndex === at) {
      forEachMatch(text, global, (match) => visit(match[0]), at);
      return;
    }
    visit(text.slice(at, sticky.lastIndex));
    at = sticky.lastIndex;
  }
}

/** The sticky and global forms of a pattern, for forEachPiece. */
export function pieceSplitters(pattern: RegExp): { sticky: RegExp; global: RegExp } {
  return { sticky: new RegExp(pattern.source, 'uy'), global: new RegExp(pattern.source, 'gu') };
}

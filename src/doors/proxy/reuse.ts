import { isDeepStrictEqual } from 'node:util';
import type { MessageParam } from '../../core/transcript/index.js';

/**
 * A client re-sends its whole history on every call, freshly parsed. Where a message (or a block of
 * it) equals the one at the same place in the previous call, the previous object is used instead:
 * the engine recognises blocks by content fingerprints cached per object, so an equal object it has
 * seen costs nothing, where a fresh one is serialised and hashed again. Comparing is much cheaper
 * than hashing (equal strings compare in one pass, with no allocation).
 */
export function reuseMessages(
  previous: readonly MessageParam[] | undefined,
  next: MessageParam[],
): MessageParam[] {
  if (!previous) return next;
  return next.map((message, m) => {
    const before = previous[m];
    if (before === message) return before;
    if (!before || before.role !== message.role) return message;
    if (isDeepStrictEqual(before, message)) return before;
    if (!Array.isArray(message.content) || !Array.isArray(before.content)) return message;
    const old = before.content as unknown[];
    let reused = false;
    const content = (message.content as unknown[]).map((block, b) => {
      if (b < old.length && isDeepStrictEqual(old[b], block)) {
        reused = true;
        return old[b];
      }
      return block;
    });
    return reused ? ({ ...message, content } as MessageParam) : message;
  });
}

/**
 * Puts the matched messages back into the parsed body (the one the body parser keeps) where the
 * client put no breakpoint on them: equal values, and the next call, parsed from this body, then
 * hands over the very objects matched this time, which compare at once.
 */
export function adoptMatched(
  parsed: unknown[],
  taken: readonly MessageParam[],
  matched: readonly MessageParam[],
): void {
  for (let m = 0; m < parsed.length; m++)
    if (taken[m] === parsed[m] && matched[m] !== undefined) parsed[m] = matched[m];
}

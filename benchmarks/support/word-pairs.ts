import { MAX_QUERY_CHARS } from '../../src/core/recall/query.js';
import type { TermSelection } from '../../src/core/recall/terms-select.js';
import { ftsTokens } from '../../src/core/store/terms.js';

/**
 * The query's adjacent pairs of index words the store holds (`module named`), in the order the
 * query says them: what a word-order signal would look for in an entry.
 */
export function queryPairs(selection: TermSelection, query: string): Set<string> {
  const tokens = ftsTokens(query.slice(0, MAX_QUERY_CHARS));
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i] ?? '', tokens[i + 1] ?? ''];
    if (a !== b && (selection.counts.get(a) ?? 0) > 0 && (selection.counts.get(b) ?? 0) > 0)
      pairs.add(`${a} ${b}`);
  }
  return pairs;
}

/** How many of the pairs a text holds side by side, in order (as an FTS phrase would match them). */
export function pairsHeld(pairs: ReadonlySet<string>, text: string): number {
  const tokens = ftsTokens(text);
  const held = new Set<string>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const pair = `${tokens[i] ?? ''} ${tokens[i + 1] ?? ''}`;
    if (pairs.has(pair)) held.add(pair);
  }
  return held.size;
}

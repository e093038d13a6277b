import { ftsTokens } from '../store/index.js';
import { MAX_QUERY_CHARS } from './query.js';
import type { TermSelection } from './terms-select.js';

/**
 * A word the query says n times weighs 1 + W_SAID·ln n times its idf when a hit's passages are
 * chosen: a later text dwells on what it is after, and a word said once is more likely an aside
 * (docs/BENCH.md § Provenance).
 */
const W_SAID = 2;

/** The words a hit's passages are chosen by, and each one's weight. */
export interface PassageWords {
  words: string[];
  weight: (token: string) => number;
}

/**
 * Every query word found in the store, weighed by its idf times how often the query says it. A
 * later text dwells on what it is about (`athena` in `mock_athena`, `boto3.client('athena')`,
 * `# Connect to Athena`), while a word it says once is more likely an aside: among hundreds of
 * listed paths, the line holding the word said most is the one asked for.
 */
export function passageWords(selection: TermSelection, query: string): PassageWords {
  const said = queryCounts(query);
  const weights = new Map<string, number>();
  for (const [token, df] of selection.counts) {
    if (df === 0) continue;
    const idf = Math.log(1 + selection.docs / df);
    weights.set(token, idf * (1 + W_SAID * Math.log(said.get(token) ?? 1)));
  }
  return { words: [...weights.keys()], weight: (token) => weights.get(token) ?? 0 };
}

/** How many times the query says each index word (as much of it as parseQuery reads). */
function queryCounts(query: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of ftsTokens(query.slice(0, MAX_QUERY_CHARS)))
    counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

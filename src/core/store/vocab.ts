import type Database from 'better-sqlite3';
import { ftsString } from './fts.js';

/** How many entries hold a word: what recall needs to weigh its query words. */
export interface VocabLookup {
  /** Entries holding the word, counted up to `cap` (a count of `cap` means "at least"). */
  df(token: string, cap: number): number;
  docs(): number;
}

/** Cached counts stay valid while the index grows by less than this share… */
const CACHE_GROWTH = 0.1;
/**
 * …except counts below this, which are counted again whenever the index changed: a word held by a
 * few entries costs little to count, and its count matters most (0 drops it from a query; 1 or 2
 * make it a query's best word). Cached across growth, a word asked for before any entry held it
 * stayed "absent" for the next 10% of entries, so recall could not find it.
 */
const RECOUNT_BELOW = 100;
/** Words whose counts are cached per store (cleared wholesale when full). */
const CACHE_SIZE = 20_000;

/**
 * Document frequencies from the FTS index, counted with a cap: only whether a word is rare enough
 * matters, and counting stops there, so a common word costs no more than a rare one. Counts are
 * cached per word while the index grows less than 10%.
 */
export function ftsDocFrequency(db: Database.Database, ftsTable: string, countSql: string): VocabLookup {
  const capped = db.prepare<[string, number], { n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${ftsTable} WHERE ${ftsTable} MATCH ? LIMIT ?)`,
  );
  const count = db.prepare<[], { n: number | null }>(countSql);
  const cache = new Map<string, { n: number; exact: boolean; docs: number }>();
  let docs = 0;
  return {
    docs: () => (docs = count.get()?.n ?? 0),
    df(token, cap) {
      const hit = cache.get(token);
      const fresh =
        hit !== undefined &&
        (hit.docs === docs || (hit.n >= RECOUNT_BELOW && docs <= hit.docs * (1 + CACHE_GROWTH)));
      if (hit && fresh) {
        if (hit.exact) return Math.min(hit.n, cap);
        if (hit.n >= cap) return cap;
      }
      const n = capped.get(ftsString(token), cap)?.n ?? 0;
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(token, { n, exact: n < cap, docs });
      return n;
    },
  };
}

import type Database from 'better-sqlite3';
import type { ParsedQuery } from './query.js';

/** Words kept in one FTS query: enough to describe a block, few enough to stay fast. */
export const MAX_QUERY_TERMS = 14;
/** A word in more than this share of all entries says little and costs much; it is left out… */
const MAX_DOC_SHARE = 0.08;
/** …unless the index is small enough that no word is costly. */
const SMALL_INDEX_DOCS = 2_000;
/** Total postings (Σ document frequency) the chosen words may read; bounds the query's work. */
const POSTINGS_BUDGET = 40_000;
/** A phrase is checked position by position: only phrases with one word this rare are worth it. */
const PHRASE_MAX_MIN_DF = 10_000;
/** When every word is common, the rarest few are still used. */
const FALLBACK_TERMS = 3;

export interface SelectedTerm {
  token: string;
  /** Entries containing it, over the whole index (all projects). */
  df: number;
}

export interface TermSelection {
  terms: SelectedTerm[];
  phrases: string[][];
  /** Total documents in the index (an upper bound), for idf. */
  docs: number;
}

export interface VocabLookup {
  df(token: string): number;
  docs(): number;
}

/** Document frequencies from an fts5vocab 'row' table (`term`, `doc`). */
export function vocabLookup(db: Database.Database, vocabTable: string, countSql: string): VocabLookup {
  const get = db.prepare<[string], { doc: number }>(`SELECT doc FROM ${vocabTable} WHERE term = ?`);
  const count = db.prepare<[], { n: number | null }>(countSql);
  return {
    df: (token) => get.get(token)?.doc ?? 0,
    docs: () => count.get()?.n ?? 0,
  };
}

/**
 * Picks the query words worth searching: present in the index, rarest first, within a share of the
 * index and a postings budget. Phrases are kept when all their words occur somewhere.
 */
export function selectTerms(query: ParsedQuery, vocab: VocabLookup): TermSelection {
  const docs = vocab.docs();
  const known: SelectedTerm[] = [];
  const dfs = new Map<string, number>();
  for (const { token } of query.words) {
    const df = vocab.df(token);
    dfs.set(token, df);
    if (df > 0) known.push({ token, df });
  }
  known.sort((a, b) => a.df - b.df || (a.token < b.token ? -1 : 1));
  const maxDf = docs <= SMALL_INDEX_DOCS ? Infinity : Math.max(1, Math.floor(docs * MAX_DOC_SHARE));
  const terms: SelectedTerm[] = [];
  let postings = 0;
  for (const term of known) {
    if (terms.length >= MAX_QUERY_TERMS) break;
    if (term.df > maxDf || postings + term.df > POSTINGS_BUDGET) continue;
    terms.push(term);
    postings += term.df;
  }
  if (terms.length === 0) terms.push(...known.slice(0, FALLBACK_TERMS));
  const phrases = query.phrases.filter((phrase) => {
    const counts = phrase.map((token) => dfs.get(token) ?? vocab.df(token));
    return counts.every((n) => n > 0) && Math.min(...counts) <= PHRASE_MAX_MIN_DF;
  });
  return { terms, phrases, docs };
}

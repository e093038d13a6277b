import type { VocabLookup } from '../store/index.js';
import type { ParsedQuery } from './query.js';

/** Words kept in one FTS query: enough to describe a block, few enough to stay fast. */
export const MAX_QUERY_TERMS = 14;
/** A word in more than this share of all entries says little and costs much; it is left out… */
const MAX_DOC_SHARE = 0.08;
/** …unless the index is small enough that no word is costly. */
const SMALL_INDEX_DOCS = 2_000;
/** Total postings (Σ document frequency) the chosen words may read; bounds the query's work. */
const POSTINGS_BUDGET = 40_000;
/**
 * A phrase is matched position by position over every entry holding its words; it is kept only when
 * one of its words is in at most this share of the entries: phrases find a few needles more, and
 * unbounded they cost several times the query time of a large store (docs/BENCH.md § Provenance).
 */
const PHRASE_DOC_SHARE = 0.03;
/** Words looked up per query, in the order parseQuery ranks them (identifiers and long words first). */
const MAX_LOOKUPS = 64;
/** When every word is common, the first few (as parseQuery ranks them) are still used. */
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
  /** Entries holding each query word looked up (capped counts; 0: in no entry). */
  counts: Map<string, number>;
}

/**
 * Picks the query words worth searching: present in the index, rarest first, within a share of the
 * index and a postings budget. Phrases are kept when all their words occur somewhere.
 */
export function selectTerms(query: ParsedQuery, vocab: VocabLookup): TermSelection {
  const docs = vocab.docs();
  const maxDf = docs <= SMALL_INDEX_DOCS ? docs : Math.max(1, Math.floor(docs * MAX_DOC_SHARE));
  const cap = maxDf + 1;
  const known: SelectedTerm[] = [];
  const dfs = new Map<string, number>();
  for (const { token } of query.words.slice(0, MAX_LOOKUPS)) {
    const df = vocab.df(token, cap);
    dfs.set(token, df);
    if (df > 0) known.push({ token, df });
  }
  const rarest = [...known].sort((a, b) => a.df - b.df);
  const terms: SelectedTerm[] = [];
  let postings = 0;
  for (const term of rarest) {
    if (terms.length >= MAX_QUERY_TERMS) break;
    if (term.df > maxDf || postings + term.df > POSTINGS_BUDGET) continue;
    terms.push(term);
    postings += term.df;
  }
  // Every word common: the first few (the most distinctive-looking) are still searched.
  if (terms.length === 0) terms.push(...known.slice(0, FALLBACK_TERMS));
  const phraseMaxDf = Math.max(1, Math.floor(docs * PHRASE_DOC_SHARE));
  const phrases = query.phrases.filter((phrase) => {
    const counts = phrase.map((token) => dfs.get(token) ?? vocab.df(token, cap));
    if (!counts.every((n) => n > 0)) return false;
    if (Math.min(...counts) <= phraseMaxDf) return true;
    // In a small index a phrase query is cheap: `job_7.log` is kept when the phrase itself is rare,
    // even though each of its words is everywhere.
    return docs <= SMALL_INDEX_DOCS && vocab.df(phrase.join(' '), phraseMaxDf + 1) <= phraseMaxDf;
  });
  return { terms, phrases, docs, counts: dfs };
}

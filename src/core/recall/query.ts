import { compoundKey, ftsTokens, identifierParts, NAME_RUN } from '../store/index.js';

/** Longer queries are cut here: the later part of a long text adds cost, not precision. */
export const MAX_QUERY_CHARS = 20_000;
/** Candidate words looked up in the index per query (the rest are dropped before any lookup). */
export const MAX_CANDIDATE_WORDS = 64;
/** Multi-word phrases (paths, dotted or snake_case names) kept per query. */
export const MAX_PHRASES = 6;

/** Words too common in English prose and agent chatter to say anything about a block. */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between
  both but by can could did do does doing done down during each else few for from further had has have having he
  her here hers him his how i if in into is it its itself just let lets like may me might more most must my no nor
  not now of off on once only or other our ours out over own same she should so some such than that the their them
  then there these they this those through to too under until up us very via was we were what when where which while
  who whom why will with would you your yours yes ok okay sure see look looks looking check checking now next first
  let's i'm i'll we'll it's that's there's here's don't doesn't didn't can't won't isn't aren't wasn't weren't
  need needs want wants try trying going get gets got make makes made use used using run runs running file files
  line lines code found find seems seem think know also still well new one two way thing things something`.split(
    /\s+/,
  ),
);

export interface QueryWord {
  /** One FTS token (lower case, no diacritics). */
  token: string;
  /** How distinctive it looks before any lookup: longer words and identifier parts first. */
  weight: number;
  /** From a path, an identifier, a number or `backticks`: names a thing rather than saying something. */
  technical: boolean;
}

export interface ParsedQuery {
  words: QueryWord[];
  /** Multi-token phrases from compound tokens (`src/app.py` → "src app py"), as token lists. */
  phrases: string[][];
  /** Whole compound strings as typed, for path matching (`src/app.py`). */
  compounds: string[];
}

/** A run of non-space text joined by path/identifier punctuation: a/b.c, foo_bar, pkg::mod, a-b. */
const COMPOUND = /[\p{L}\p{N}_$]+(?:(?:[./\\:-]|::)[\p{L}\p{N}_$]+)+|[\p{L}\p{N}$]+(?:_+[\p{L}\p{N}$]+)+/gu;

/** Inline code in markdown: what an agent writes around names of files, functions, errors. */
const BACKTICKED = /`([^`\n]{1,200})`/g;

/**
 * Name keys looked up per query, the longest names' first. More crowd the query's words out of a
 * long text that names many things, and the first hit is then more often wrong (docs/BENCH.md § Provenance).
 */
const MAX_NAME_KEYS = 2;

/** Keys of the query's compound names (store/terms.ts compoundKey), longest first, at most MAX_NAME_KEYS. */
function nameKeys(input: string): string[] {
  const keys = new Set<string>();
  for (const run of input.match(NAME_RUN) ?? []) {
    const key = compoundKey(run);
    if (key !== undefined) keys.add(key);
  }
  return [...keys].sort((a, b) => b.length - a.length).slice(0, MAX_NAME_KEYS);
}

function wordWeight(token: string, technical: boolean): number {
  return Math.min(token.length, 16) + (technical ? 4 : 0);
}

/**
 * Splits any user text into index words and phrases. Never fails: FTS syntax characters, quotes
 * and operators are plain text here, since only alphanumeric tokens leave this function.
 */
export function parseQuery(text: string): ParsedQuery {
  const input = text.length > MAX_QUERY_CHARS ? text.slice(0, MAX_QUERY_CHARS) : text;
  const words = new Map<string, QueryWord>();
  const add = (token: string, fromIdentifier: boolean): void => {
    if (token.length < 2 || STOPWORDS.has(token)) return;
    const technical = fromIdentifier || /\d/.test(token);
    const weight = wordWeight(token, technical);
    const known = words.get(token);
    words.set(token, {
      token,
      weight: Math.max(known?.weight ?? 0, weight),
      technical: technical || known?.technical === true,
    });
  };

  const phrases = new Map<string, string[]>();
  const compounds = new Set<string>();
  for (const match of input.matchAll(COMPOUND)) {
    if (compounds.has(match[0])) continue;
    compounds.add(match[0]);
    const tokens = ftsTokens(match[0]);
    if (tokens.length < 2) continue;
    phrases.set(tokens.join(' '), tokens);
    for (const token of tokens) add(token, true);
  }
  // The longest names also as their one key word (store/terms.ts compoundKeys): `job_7.log` → `job7log`.
  for (const key of nameKeys(input)) add(key, true);
  for (const match of input.matchAll(BACKTICKED))
    for (const token of ftsTokens(match[1] ?? '')) add(token, true);
  for (const raw of new Set(input.match(/[\p{L}\p{N}]+/gu) ?? [])) {
    const parts = /[A-Z]/.test(raw) ? identifierParts(raw) : [];
    for (const token of ftsTokens(raw)) add(token, parts.length > 1);
    if (parts.length > 1) for (const part of parts) add(part, true);
  }
  const ranked = [...words.values()]
    .sort((a, b) => b.weight - a.weight || (a.token < b.token ? -1 : a.token > b.token ? 1 : 0))
    .slice(0, MAX_CANDIDATE_WORDS);
  const keptPhrases = [...phrases.values()].sort((a, b) => b.length - a.length).slice(0, MAX_PHRASES);
  return { words: ranked, phrases: keptPhrases, compounds: [...compounds] };
}

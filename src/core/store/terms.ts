/**
 * Words for the search index beyond what FTS5's unicode61 tokenizer finds by itself.
 * unicode61 already splits snake_case, kebab-case and paths at punctuation (`src/foo_bar.ts` →
 * src, foo, bar, ts), but keeps `parseConfigFile` whole; the parts of such camelCase identifiers
 * go into the `terms` column so a query for "config file" finds it.
 */
import { forEachMatch } from '../format/index.js';

/**
 * An identifier with an inner upper-case letter: parseConfig, HTTPServer, XMLHttpRequest2.
 * It backtracks quadratically on a long run of lower-case letters, so it runs on each
 * alphanumeric run of at most MAX_RUN characters (linear in the text), never on the whole text.
 */
const CAMEL_IDENTIFIER = /[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*/g;
/** Alphanumeric runs: a CAMEL_IDENTIFIER match never spans two. */
const ALNUM_RUN = /[A-Za-z0-9]+/g;
/** Longest run looked at: longer ones are hashes or base64, not identifiers. */
const MAX_RUN = 128;
/** The parts of one camelCase identifier: runs of capitals, capitalized words, digits. */
const CAMEL_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;
/** Parts shorter than this carry no signal (the "s" of "getS3Url"). */
const MIN_PART_LENGTH = 2;
/** Bound on the distinct parts kept per text: a huge file must not bloat the index. */
const MAX_TERMS = 4_000;

/** Lower-case parts of one identifier (`parseHTTPResponse` → parse, http, response). */
export function identifierParts(identifier: string): string[] {
  return (identifier.match(CAMEL_PART) ?? [])
    .map((part) => part.toLowerCase())
    .filter((part) => part.length >= MIN_PART_LENGTH);
}

/** Runs of name characters: a path, a file name, a dotted identifier (`:` ends one). */
export const NAME_RUN = /[\p{L}\p{N}_$./\\-]+/gu;
/** Words of a compound name's last part kept in its keys: `shop/app.py` → `apppy`, `shopapppy`. */
const MAX_KEY_WORDS = 4;

/**
 * The keys of the file names in a text: each name's last 2 words, and its last 4 (or all), joined
 * into one index word (`src/shop/app.py` → `apppy`, `srcshopapppy`; `job_7.log` → `7log`,
 * `job7log`). The index splits names into common words (`job`, `7`, `log`), so `job_7.log` matched
 * every `job_*.log`; a key is one rare word, found as cheaply as any other.
 */
export function compoundKeys(text: string, max = MAX_TERMS / 2): string[] {
  const keys = new Set<string>();
  for (const match of text.matchAll(NAME_RUN)) {
    const words = nameWords(match[0]);
    for (const key of keysOf(words)) keys.add(key);
    if (keys.size >= max) break;
  }
  return [...keys];
}

/** The key a query's compound name is looked up by: its last four words (or all), as compoundKeys joins them. */
export function compoundKey(name: string): string | undefined {
  return keysOf(nameWords(name)).at(-1);
}

/** A name's last two words joined, and its last four (or all, when fewer): two keys a name. */
function keysOf(words: readonly string[]): string[] {
  if (words.length < 2) return [];
  const keys = [words.slice(-2).join('')];
  if (words.length > 2) keys.push(words.slice(-MAX_KEY_WORDS).join(''));
  return keys;
}

/** The index words of a compound name; none when the run is not one (see FILE_NAME) or is too long. */
function nameWords(run: string): string[] {
  return isFileName(run) ? ftsTokens(run) : [];
}

/** A run of name characters that names a file (see FILE_NAME) and is short enough to be a name. */
export function isFileName(run: string): boolean {
  return run.length <= MAX_RUN && FILE_NAME.test(run);
}

/**
 * A name whose last part has an extension: a file or a path (`job_7.log`, `src/main.rs`), or a
 * dotted name (`os.path.join`). Only these get keys: look-alike files are what plain words cannot
 * tell apart, and keys for every compound name, snake_case included, take the database past its
 * size bar (docs/BENCH.md § Provenance).
 */
const FILE_NAME = /\.[A-Za-z][A-Za-z0-9]{0,7}\.*$/;

/**
 * The `terms` column of texts, space-separated: compound-name keys (at most half of MAX_TERMS a text)
 * and camelCase parts (parts equal to a whole identifier are skipped: the tokenizer indexes those
 * already), at most MAX_TERMS.
 */
export function indexTerms(...texts: Array<string | undefined>): string {
  const seen = new Set<string>();
  const full = () => seen.size >= MAX_TERMS;
  // Made once a call, not once a word: the visitors are called for every word of the texts.
  const addParts = (identifier: RegExpExecArray) => {
    const parts = identifierParts(identifier[0]);
    if (parts.length < 2) return true;
    for (const part of parts) {
      seen.add(part);
      if (full()) return false;
    }
    return true;
  };
  const addRun = (run: RegExpExecArray) => {
    if (run[0].length <= MAX_RUN) forEachMatch(run[0], CAMEL_IDENTIFIER, addParts);
    return !full();
  };
  for (const text of texts) {
    if (!text) continue;
    for (const key of compoundKeys(text)) {
      seen.add(key);
      if (full()) return [...seen].join(' ');
    }
    forEachMatch(text, ALNUM_RUN, addRun);
    if (full()) break;
  }
  return [...seen].join(' ');
}

/** FTS5 unicode61 tokens of text, as that tokenizer would produce them (lower case, no diacritics). */
export function ftsTokens(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(text);
  const folded = ascii
    ? text.toLowerCase()
    : text
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
  if (ascii) return folded.match(/[a-z0-9]+/g) ?? [];
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

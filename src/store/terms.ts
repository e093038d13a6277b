/**
 * Words for the search index beyond what FTS5's unicode61 tokenizer finds by itself.
 * unicode61 already splits snake_case, kebab-case and paths at punctuation (`src/foo_bar.ts` →
 * src, foo, bar, ts), but keeps `parseConfigFile` whole; the parts of such camelCase identifiers
 * go into the `terms` column so a query for "config file" finds it.
 */

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

/**
 * Distinct camelCase parts found in texts, space-separated, for the `terms` column. Parts equal
 * to a whole identifier are skipped (the tokenizer indexes those already).
 */
export function indexTerms(...texts: Array<string | undefined>): string {
  const seen = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const run of text.matchAll(ALNUM_RUN)) {
      if (run[0].length > MAX_RUN) continue;
      for (const match of run[0].matchAll(CAMEL_IDENTIFIER)) {
        const parts = identifierParts(match[0]);
        if (parts.length < 2) continue;
        for (const part of parts) {
          seen.add(part);
          if (seen.size >= MAX_TERMS) return [...seen].join(' ');
        }
      }
    }
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

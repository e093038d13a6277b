/**
 * The names a text holds (files, file:line, test ids, error types, backticked identifiers, long
 * numbers) and which of them a summary leaves out. Its own package so that the store, which indexes
 * names for search, does not load the compressors to find them. terms.ts: a block's distinctive
 * terms, what makes it "referenced" by the recent turns, and the recall hint made of them.
 */
export { MAX_NAMES_CHARS, mentions, missingNames, namesLine, namesLineAndRest, namesOf } from './names.js';
export { extractTerms, isMentioned, mentionSet, recallHint } from './terms.js';
export type { HintInput } from './terms.js';

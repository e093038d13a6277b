import { isLibraryLine } from '../error/library.js';

/**
 * References worth keeping from lines a summary leaves out: exception types and `path:line`
 * locations. Omission markers list them, so the summary still says what the hidden lines point at.
 */

/** An exception or error type name. */
export const ERROR_TYPE = /\b[A-Z][A-Za-z0-9_]*(?:Error|Exception)\b/g;
/** `path/to/file.ext:123` (not inside a URL, not a time of day). */
export const PATH_LINE = /(?<![:\w/.@~+-])\/?(?:[\w.@~+-]+\/)*[\w.@+-]*\w\.[A-Za-z]\w{0,7}:\d+/g;

/** Refs of one marker at most; the rest are counted. */
const MAX_REFS_PER_GAP = 16;

/**
 * Exception types and `path:line` locations (outside library code) in the lines, in order of
 * first appearance, without repeats.
 */
export function refsOf(lines: readonly string[]): string[] {
  const seen = new Set<string>();
  const refs: string[] = [];
  for (const line of lines) {
    const text = line.length > 4000 ? line.slice(0, 4000) : line;
    if (text.includes('Error') || text.includes('Exception'))
      for (const match of text.matchAll(ERROR_TYPE)) add(match[0]);
    if (/\.[A-Za-z]\w{0,7}:\d/.test(text))
      for (const match of text.matchAll(PATH_LINE)) if (!isLibraryLine(match[0])) add(match[0]);
  }
  return refs;

  function add(ref: string): void {
    if (seen.has(ref)) return;
    seen.add(ref);
    refs.push(ref);
  }
}

/**
 * The marker that stands for omitted lines: `[… 120 lines: KeyError, src/a.py:12, +3 more]`.
 * Refs already in `present` (the kept text) are not repeated; the ones listed are added to it.
 */
export function gapMarker(
  count: number,
  hidden: readonly string[],
  present: Set<string>,
  indent = '',
): string {
  const refs = refsOf(hidden).filter((ref) => !present.has(ref));
  const noun = count === 1 ? 'line' : 'lines';
  if (refs.length === 0) return `${indent}[… ${count} ${noun}]`;
  const shown = refs.slice(0, MAX_REFS_PER_GAP);
  for (const ref of shown) present.add(ref);
  const more = refs.length - shown.length;
  return `${indent}[… ${count} ${noun}: ${shown.join(', ')}${more > 0 ? `, +${more} more` : ''}]`;
}

/** The set of refs in some kept text (to avoid listing them again in markers). */
export function presentRefs(lines: readonly string[]): Set<string> {
  return new Set(refsOf(lines));
}

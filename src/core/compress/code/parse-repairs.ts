import { isBlank } from './folds.js';
import type { ParsedLanguage } from './language.js';

/**
 * What the parser is given instead of the text itself, rows and columns unchanged: markers of an
 * earlier summary made into valid code, clauses a slice starts in made into headers, and for
 * Python slices cut inside a docstring, the two ways to close it.
 */

/** A fold marker of an earlier summary: `… 12 lines`, `{ … 3 lines }`, older `…  # lines 40–87`. */
const MARKER = /…("""|''')?(?: {1,2}# | )(?:\d+ lines?|lines? \d+(?:–\d+)?)/g;

/**
 * Summaries get summarized again: their markers are made into valid code for the parser, columns
 * unchanged. In Python a marker stands where a body or value was, so it becomes the expression
 * `0` (`def f(x): 0`, `X = { 0 }`); in the brace languages it becomes blanks (`{   }`).
 */
function neutralizeMarkers(line: string, python: boolean): string {
  if (!line.includes('…')) return line;
  return line.replace(MARKER, (m, quote: string | undefined) => {
    // A docstring's closing quotes, which the marker carries, stay.
    const closer = quote ?? '';
    const rest = ' '.repeat(m.length - 1 - closer.length);
    return python ? `0${closer}${rest}` : ` ${closer}${rest}`;
  });
}

/**
 * A Python slice may start at an `elif` / `else` / `except` / `finally` whose `if` or `try` lies
 * above it. At the top level such clauses are made into `if` / `with` headers of the same width,
 * for the parser only: the outline shows them as they are either way.
 */
function openDanglingClause(line: string): string {
  const m = /^(elif|else|except|finally)\b(.*)$/.exec(line);
  if (!m) return line;
  const [, keyword = '', rest = ''] = m;
  switch (keyword) {
    case 'elif':
      return `if  ${rest}`;
    case 'except':
      if (/^\s*:/.test(rest)) return `if 1 ${rest.replace(':', ' :')}`.slice(0, line.length);
      return /\bas\b/.test(rest) ? `with  ${rest}` : `if    ${rest}`;
    default:
      // else: / finally:  ->  if 1: / if 1   :
      return /^\s*:/.test(rest) ? `if 1${' '.repeat(keyword.length - 4)}${rest}` : line;
  }
}

/** Source variants for a Python slice cut inside a docstring (an odd number of triple quotes). */
export function* variants(
  original: readonly string[],
  language: ParsedLanguage,
): Generator<{ source: string; skipRows: number }> {
  const lines = original.map((l) =>
    language === 'python' ? openDanglingClause(neutralizeMarkers(l, true)) : neutralizeMarkers(l, false),
  );
  yield { source: lines.join('\n'), skipRows: 0 };
  if (language !== 'python') return;
  for (const quote of ['"""', "'''"]) {
    let count = 0;
    let firstRow = -1;
    lines.forEach((line, row) => {
      const n = line.split(quote).length - 1;
      if (n > 0 && firstRow < 0) firstRow = row;
      count += n;
    });
    if (count % 2 === 0) continue;
    // Either the slice starts inside a docstring (skip through the first quote) or ends inside one (close it).
    yield { source: lines.map((l, row) => (row <= firstRow ? '' : l)).join('\n'), skipRows: firstRow + 1 };
    let last = lines.length - 1;
    while (last > 0 && isBlank(lines[last])) last--;
    yield { source: lines.map((l, row) => (row === last ? l + quote : l)).join('\n'), skipRows: 0 };
  }
}

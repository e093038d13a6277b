/** The first line of a log's summary: `[log: 412 lines, 3 errors, 1 warning, 10:00:01..10:05:33]`. */

/** A timestamp at the start of a line (ISO date and time, or a time of day). */
const TIMESTAMP = /^\s*[[(]?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?|\d{2}:\d{2}:\d{2})/;

/** The timestamp a line starts with, if any. */
export function timestampOf(line: string): string | undefined {
  return TIMESTAMP.exec(line)?.[1];
}

/** `first..last`, or the one stamp when they are the same. */
export function span(first: string, last: string): string {
  return first === last ? first : `${first}..${last}`;
}

/**
 * The header line: how many lines, with counts of errors and warnings when given (a zero count says
 * there were none), and the time span when the lines carry timestamps.
 */
export function logHeader(
  lineCount: number,
  counts: { errors: number; warnings: number } | undefined,
  timeSpan: string | undefined,
): string {
  const parts = [plural(lineCount, 'line')];
  if (counts) parts.push(plural(counts.errors, 'error'), plural(counts.warnings, 'warning'));
  if (timeSpan !== undefined) parts.push(timeSpan);
  return `[log: ${parts.join(', ')}]`;
}

/** `1 line`, `3 lines` (or the plural given). */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

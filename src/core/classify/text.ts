/** Text helpers shared by the classifier and the compressors. */

/** CSI / OSC / two-character escape sequences (colours, cursor moves, hyperlinks). */
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

/** Removes ANSI escape sequences. */
export function stripAnsi(text: string): string {
  return text.includes('\u001b') ? text.replace(ANSI, '') : text;
}

/** True when the text holds at least one ANSI escape sequence. */
export function hasAnsi(text: string): boolean {
  return text.includes('\u001b[');
}

/**
 * Resolves carriage-return overwrites the way a terminal shows them: of `a\rb\rc` only the
 * last segment stays visible (progress bars redraw a line that way). `\r\n` is a line end.
 */
export function resolveCarriageReturns(line: string): string {
  if (!line.includes('\r')) return line;
  const parts = line.replace(/\r+$/, '').split('\r');
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] ?? '';
    if (part.trim() !== '') return part;
  }
  return '';
}

/** Bytes of text the classifier looks at from the start of a block. */
const SAMPLE_HEAD = 48_000;
/** Bytes of text the classifier looks at from the end of a block. */
const SAMPLE_TAIL = 16_000;

/**
 * A bounded view of a long text (its start and its end), so that classifying a 10 MB block
 * costs the same as classifying a 64 KB one. Shorter texts are returned whole.
 */
export function sample(text: string): string {
  if (text.length <= SAMPLE_HEAD + SAMPLE_TAIL) return text;
  const head = text.slice(0, SAMPLE_HEAD);
  const tail = text.slice(text.length - SAMPLE_TAIL);
  return `${head.slice(0, head.lastIndexOf('\n') + 1 || head.length)}\n${tail.slice(tail.indexOf('\n') + 1)}`;
}

/** Splits into lines on \n or \r\n (a lone \r stays inside its line). */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** Cuts a line to at most about `max` characters, keeping its head and tail around a marker. */
export function clipLine(line: string, max: number): string {
  if (line.length <= max) return line;
  const keep = Math.max(8, max - 24);
  const head = safeCut(line, Math.ceil(keep * 0.7));
  const tail = safeCut(line, line.length - (keep - head));
  return `${line.slice(0, head)}…[${tail - head} chars]…${line.slice(tail)}`;
}

/** Moves a cut index off the middle of a surrogate pair, so clipping never makes invalid UTF-16. */
function safeCut(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index + 1 : index;
}

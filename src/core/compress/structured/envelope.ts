/**
 * File viewers put line numbers in front of every line (Claude Code's Read: `    12→`, `cat -n`:
 * `    12\t`, SWE-agent: `12:`) and Claude Code appends a `<system-reminder>` block. The structured
 * reader needs the bare file; the reminder is carried through unchanged.
 */
export interface Envelope {
  body: string;
  /** Text after the body, rendered verbatim after the summary (a system reminder). */
  trailer: string;
  /** The body had a line-number gutter that was removed. */
  gutter: boolean;
}

const REMINDER_OPEN = '<system-reminder>';
const REMINDER_CLOSE = '</system-reminder>';
const GUTTERS: readonly RegExp[] = [/^\s*(\d+)→/, /^\s*(\d+)\t/, /^(\d+):/];

/** Splits off a trailing system reminder and a line-number gutter (only when every line has one, counting up by one). */
export function unwrapEnvelope(text: string): Envelope {
  const { rest, trailer } = splitTrailer(text);
  const stripped = stripGutter(rest);
  return { body: stripped ?? rest, trailer, gutter: stripped !== undefined };
}

/** A `<system-reminder>…</system-reminder>` block that ends the text (string search: no regex backtracking). */
function splitTrailer(text: string): { rest: string; trailer: string } {
  const open = text.lastIndexOf(REMINDER_OPEN);
  if (open < 0 || !text.trimEnd().endsWith(REMINDER_CLOSE)) return { rest: text, trailer: '' };
  return { rest: text.slice(0, open).trimEnd(), trailer: text.slice(open) };
}

function stripGutter(text: string): string | undefined {
  const lines = text.split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length < 2) return undefined;
  for (const gutter of GUTTERS) {
    const out: string[] = [];
    let expected: number | undefined;
    for (const line of lines) {
      const match = gutter.exec(line);
      if (!match) break;
      const n = Number(match[1]);
      if (expected !== undefined && n !== expected) break;
      expected = n + 1;
      out.push(line.slice(match[0].length));
    }
    if (out.length === lines.length) return out.join('\n');
  }
  return undefined;
}

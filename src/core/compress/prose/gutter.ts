/**
 * Line-number gutters of file viewers (Claude Code's Read `    12→`, `cat -n`'s `    12\t`): taken
 * off before a markdown file is summarised, put back on the summary lines that come from the file.
 */

const GUTTER = /^ *\d+(?:→|\t)/;
/** Share of non-blank lines that must carry a gutter for the text to count as a numbered view. */
const GUTTER_SHARE = 0.9;
/** How far ahead of the last matched line a summary line is looked for. */
const SEARCH_WINDOW = 400;
/** Characters of a rebuilt line (a paragraph with dropped sentences) used to find its source line. */
const PROBE_CHARS = 24;

/** A numbered view: the text without gutters, and each line's gutter ('' when it had none). */
export interface Numbered {
  body: string;
  lines: string[];
  gutters: string[];
}

/** The text split from its gutters, when nearly every non-blank line has one. */
export function takeGutters(text: string): Numbered | undefined {
  const raw = text.split('\n');
  let numbered = 0;
  let filled = 0;
  const gutters: string[] = [];
  const lines: string[] = [];
  for (const line of raw) {
    const gutter = GUTTER.exec(line)?.[0] ?? '';
    if (line.trim() !== '') filled++;
    if (gutter !== '') numbered++;
    gutters.push(gutter);
    lines.push(line.slice(gutter.length));
  }
  if (filled === 0 || numbered / filled < GUTTER_SHARE) return undefined;
  return { body: lines.join('\n'), lines, gutters };
}

/**
 * Puts gutters back on a summary of `numbered.body`: a summary line that is a line of the file
 * (or starts like one, when sentences were dropped from it) gets that line's gutter; marks and
 * blank lines get none. Lines are matched in order.
 */
export function putGutters(summary: string, numbered: Numbered): string {
  const { lines, gutters } = numbered;
  let cursor = 0;
  return summary
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return line;
      const at = findLine(line, lines, cursor);
      if (at < 0) return line;
      cursor = at + 1;
      return gutters[at] + line;
    })
    .join('\n');
}

function findLine(line: string, lines: readonly string[], from: number): number {
  const end = Math.min(lines.length, from + SEARCH_WINDOW);
  for (let i = from; i < end; i++) if (lines[i] === line) return i;
  const probe = line.slice(0, PROBE_CHARS);
  if (probe.trim().length < PROBE_CHARS / 2 || probe.startsWith('[…')) return -1;
  for (let i = from; i < end; i++) if (lines[i]!.startsWith(probe)) return i;
  return -1;
}

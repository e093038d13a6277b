import type { Summary } from './types.js';

/**
 * What an edit tool answers: Claude Code's Edit (`The file X has been updated. Here's the result of
 * running `cat -n` on a snippet of the edited file:`) and str_replace_editor (`… has been edited. …`),
 * then a numbered snippet around the change. The change itself is the agent's own tool call, which
 * stays in context; once the agent has moved on, the echo says only that the edit applied and where.
 * The names in the snippet's other lines (files, error types, numbers) are listed by compress().
 */
const EDIT_HEADER =
  /^(?:OBSERVATION:\s*)?(The file (\S+) has been (?:updated|edited))\. Here's the result of running `cat -n` on .*:[ \t]*$/;
/** Claude Code's MultiEdit: `Applied 2 edits to X:`, then `1. Replaced "…" with "…"` per edit. */
const MULTI_EDIT_HEADER = /^(Applied (\d+) edits? to (\S+)):[ \t]*$/;
/** A snippet line: Claude Code's `    12→` or cat -n's `    12<TAB>`. */
const NUMBERED = /^ *(\d+)(?:→|\t)/;
/** The advice str_replace_editor ends with. */
const ADVICE =
  /^Review the changes and make sure they are as expected\. Edit the file again if necessary\.\s*$/;

/** True when the text is an edit tool's confirmation with its snippet. */
export function isEditEcho(text: string): boolean {
  const end = text.indexOf('\n');
  const first = (end < 0 ? text : text.slice(0, end)).trimEnd();
  if (text.startsWith('Applied ')) return MULTI_EDIT_HEADER.test(first);
  if (!text.startsWith('The file ') && !text.startsWith('OBSERVATION:')) return false;
  return EDIT_HEADER.test(first);
}

/** Lines besides the snippet and the advice (a warning the tool added) kept in the summary. */
const MAX_OTHER_LINES = 3;

/**
 * `The file src/vat.ts has been updated (lines 28–38).`: the confirmation, the snippet's line
 * range, and the first lines that are neither snippet nor advice, as they are. A MultiEdit's
 * answer keeps its first line: `Applied 2 edits to src/vat.ts.` (what each edit replaced is in
 * the agent's own call).
 */
export function compressEditEcho(text: string): Summary {
  const lines = text.split('\n');
  const multi = MULTI_EDIT_HEADER.exec((lines[0] ?? '').trimEnd());
  if (multi) {
    const summary = `${multi[1]}.`;
    return { text: summary, helped: summary.length < text.length, note: `edits applied: ${multi[3]}` };
  }
  const header = EDIT_HEADER.exec((lines[0] ?? '').trimEnd());
  if (!header) return { text, helped: false, note: 'not an edit confirmation' };
  let first: number | undefined;
  let last: number | undefined;
  const other: string[] = [];
  for (const line of lines.slice(1)) {
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      const n = Number(numbered[1]);
      first = Math.min(first ?? n, n);
      last = Math.max(last ?? n, n);
    } else if (line.trim() !== '' && !ADVICE.test(line)) other.push(line);
  }
  if (first === undefined || last === undefined)
    return { text, helped: false, note: 'edit confirmation without a snippet' };
  const range = first === last ? `line ${first}` : `lines ${first}–${last}`;
  const kept = other.slice(0, MAX_OTHER_LINES);
  if (other.length > kept.length) kept.push(`[… ${other.length - kept.length} more lines]`);
  const summary = [`${header[1]} (${range}).`, ...kept].join('\n');
  return { text: summary, helped: summary.length < text.length, note: `edit applied: ${header[2]}` };
}

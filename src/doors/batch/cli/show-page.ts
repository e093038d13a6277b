import { integer } from '../../../core/format/index.js';
import { PAGE_CHARS, readInside, type InsideResult, type LineRange } from '../../../core/recall/index.js';
import type { Entry } from '../../../core/store/index.js';
import { showLinesCommand } from './lines-command.js';

export interface PageRequest {
  grep?: string;
  lines?: LineRange;
  all?: boolean;
}

/** Whether `gardener show` prints the original as stored (short, or asked whole) rather than a page. */
export function showsWhole(entry: Entry, request: PageRequest): boolean {
  if (request.grep !== undefined || request.lines !== undefined) return false;
  return request.all === true || entry.original.length <= PAGE_CHARS;
}

/** `--grep "…"` quoted for a shell command line. */
function quoted(text: string): string {
  return `"${text.replace(/["\\$`]/g, '\\$&')}"`;
}

function heading(page: InsideResult, request: PageRequest): string {
  const span = `lines ${integer(page.first)}–${integer(page.last)} of ${integer(page.total)}`;
  if (request.grep === undefined) return `── original, ${span}`;
  const n = page.matches ?? 0;
  const lines = n === 1 ? 'line' : 'lines';
  const how =
    page.match === 'text'
      ? `${integer(n)} ${lines} holding it`
      : page.match === 'words'
        ? `${integer(n)} ${lines} holding all its words`
        : `no line holds all its words; the ${integer(n)} that best match them`;
  return `── ${quoted(request.grep)}: ${how} · ${span}`;
}

function footer(entry: Entry, page: InsideResult, request: PageRequest): string {
  const grep = request.grep === undefined ? '' : ` --grep ${quoted(request.grep)}`;
  const upTo = request.lines?.last !== undefined ? String(request.lines.last) : '';
  const ways = [
    ...(page.next !== undefined
      ? [`more: gardener show ${entry.id}${grep} --lines ${page.next}-${upTo}`]
      : []),
    ...(request.grep === undefined ? [`search inside: gardener show ${entry.id} --grep "words"`] : []),
    `all of it: gardener show ${entry.id} --all`,
  ];
  return `── ${ways.join(' · ')}`;
}

/**
 * A page of an entry's original for `gardener show`: the lines asked for, or those matching
 * `--grep` with context, numbered, with where to go on.
 */
export function showPage(entry: Entry, request: PageRequest): string {
  const page = readInside(entry.original, {
    ...(request.grep !== undefined ? { query: request.grep } : {}),
    ...(request.lines ? { lines: request.lines } : {}),
    command: (first, last) => showLinesCommand(entry.id, first, last),
  });
  if (page.match === 'none')
    return `── no line matches ${quoted(request.grep ?? '')} · gardener recall ${quoted(request.grep ?? '')} searches every entry\n`;
  return `${heading(page, request)}\n${page.text}\n${footer(entry, page, request)}\n`;
}

import { z } from 'zod';
import { PAGE_CHARS, type InsideResult } from '../../../../core/recall/index.js';
import { numberLines } from './read.js';
import { fail, ok, type AgentTool } from './types.js';

/** A fetched original may fill this share of the budget; longer ones come in line ranges. */
export const FETCH_MAX_SHARE = 0.25;
/** Characters per token, to turn that share into a length without counting tokens. */
const CHARS_PER_TOKEN = 3.5;

/** How the chat's recall and search name lines of an entry they folded: this tool, by line. */
export function fetchLines(id: string, first: number, last: number): string {
  return `fetch("${id}", offset: ${first}, limit: ${last - first + 1})`;
}

const input = z.object({
  id: z.string().min(1).describe('entry id from a stub\'s or a summary\'s fetch("…"), or a recall hit'),
  query: z
    .string()
    .min(1)
    .optional()
    .describe('only the lines of the original holding this text (else all its words), with context'),
  offset: z.number().int().min(1).optional().describe('first line, for a long original (1-based)'),
  limit: z.number().int().min(1).optional().describe('lines, for a long original'),
  into_context: z
    .boolean()
    .optional()
    .describe('restore the block in place in the conversation instead of returning it here'),
});

/** The lines of an original holding the query, numbered, from line `offset` on, with where to go on. */
function insideText(page: InsideResult, query: string): string {
  if (page.match === 'none') return `no line holds "${query}" or any of its words`;
  const how =
    page.match === 'best'
      ? 'no line holds all its words; the best matches'
      : `${page.matches} matching line${page.matches === 1 ? '' : 's'}`;
  const more = page.next !== undefined ? `\n(more: fetch with the same query and offset ${page.next})` : '';
  return `(${how}; lines ${page.first}–${page.last} of ${page.total})\n${page.text}${more}`;
}

export const fetchTool: AgentTool<z.infer<typeof input>> = {
  name: 'fetch',
  description:
    'Get the original of a stored entry (a summarized or stubbed tool output, file or message) by its id, byte for byte; with a query, only its lines that hold it, numbered, with context.',
  input,
  mutating: false,
  preview: ({ id }) => ({ summary: `fetch ${id}` }),
  run({ id, query, offset, limit, into_context }, { session }) {
    const { garden } = session;
    if (into_context) {
      const change = garden.recallIntoContext(id);
      if (change.event)
        return {
          ...ok(
            `restored ${id} to its original form in the conversation (${change.changed} block${change.changed === 1 ? '' : 's'})`,
          ),
          event: change.event,
        };
      if (change.reason !== 'not in context' && change.reason !== 'unknown')
        return ok(`${id} is already in its original form in the conversation`);
    }
    const maxChars = Math.floor(garden.budget() * FETCH_MAX_SHARE * CHARS_PER_TOKEN);
    const inside =
      query === undefined
        ? undefined
        : {
            query,
            pageChars: Math.min(PAGE_CHARS, maxChars),
            command: (first: number, last: number) => fetchLines(id, first, last),
            ...(offset !== undefined ? { lines: { first: offset } } : {}),
          };
    const found = garden.fetch(id, inside);
    if (!found) return fail(`no entry ${id}; recall("…") lists the ids that exist`);
    const { entry } = found;
    if (entry.kind === 'media')
      return ok(
        `${id} is a ${entry.class} attachment (${entry.tokensOriginal} tokens); it cannot be returned as text`,
      );
    if (query !== undefined && found.inside) return ok(insideText(found.inside, query));
    if (offset === undefined && limit === undefined && entry.original.length <= maxChars)
      return ok(entry.original);
    const lines = entry.original.split('\n');
    const first = offset ?? 1;
    const slice: string[] = [];
    let chars = 0;
    for (let i = first - 1; i < lines.length && slice.length < (limit ?? Infinity); i++) {
      chars += lines[i]!.length + 1;
      if (chars > maxChars && slice.length > 0) break;
      slice.push(lines[i]!);
    }
    if (slice.length === 0) return fail(`${id} has ${lines.length} lines; offset ${first} is past the end`);
    const last = first + slice.length - 1;
    const more =
      last < lines.length
        ? `\n(lines ${first}–${last} of ${lines.length}; fetch on with offset ${last + 1})`
        : '';
    return ok(numberLines(slice, first) + more);
  },
};

import { z } from 'zod';
import { numberLines } from './read.js';
import { fail, ok, type AgentTool } from './types.js';

/** A fetched original may fill this share of the budget; longer ones come in line ranges. */
export const FETCH_MAX_SHARE = 0.25;
/** Characters per token, to turn that share into a length without counting tokens. */
const CHARS_PER_TOKEN = 3.5;

const input = z.object({
  id: z.string().min(1).describe('entry id from a stub\'s id=…, a summary\'s fetch("…") or a recall hit'),
  offset: z.number().int().min(1).optional().describe('first line, for a long original (1-based)'),
  limit: z.number().int().min(1).optional().describe('lines, for a long original'),
  into_context: z
    .boolean()
    .optional()
    .describe('restore the block in place in the conversation instead of returning it here'),
});

export const fetchTool: AgentTool<z.infer<typeof input>> = {
  name: 'fetch',
  description:
    'Get the original of a stored entry (a summarized or stubbed tool output, file or message) by its id, byte for byte.',
  input,
  mutating: false,
  preview: ({ id }) => ({ summary: `fetch ${id}` }),
  run({ id, offset, limit, into_context }, { session }) {
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
    const found = garden.fetch(id);
    if (!found) return fail(`no entry ${id}; recall("…") lists the ids that exist`);
    const { entry } = found;
    if (entry.kind === 'media')
      return ok(
        `${id} is a ${entry.class} attachment (${entry.tokensOriginal} tokens); it cannot be returned as text`,
      );
    const maxChars = Math.floor(garden.budget() * FETCH_MAX_SHARE * CHARS_PER_TOKEN);
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

import { z } from 'zod';
import { formatRecallText } from '../../../../core/recall/index.js';
import { fetchLines } from './fetch.js';
import { ok, type AgentTool } from './types.js';

/** Tokens of all recalled texts together, at most. */
export const RECALL_MAX_TOKENS = 2_000;

const input = z.object({
  query: z.string().min(1).describe('words, identifiers, paths or error names to search for'),
  limit: z.number().int().min(1).max(20).optional().describe('hits at most (default 5)'),
  full: z.boolean().optional().describe('whole originals instead of snippets (uses more context)'),
});

export const recallTool: AgentTool<z.infer<typeof input>> = {
  name: 'recall',
  description:
    'Search what this project stored (this session and earlier ones): tool outputs, files and messages that were summarized or stubbed to save context, and notes. Returns ids; fetch(id) gives an original back.',
  input,
  mutating: false,
  preview: ({ query }) => ({ summary: `recall ${query}` }),
  run({ query, limit = 5, full = false }, { session }) {
    const result = session.garden.recall(query, {
      limit,
      full,
      maxTokens: full ? RECALL_MAX_TOKENS * 4 : RECALL_MAX_TOKENS,
      linesCommand: fetchLines,
    });
    if (result.hits.length === 0 && !result.inContext) return ok(`nothing stored matches "${query}"`);
    return ok(formatRecallText(result).trimEnd());
  },
};

import { SHELL_WORDS, type RetrievalWords } from '../garden/labels.js';

/** The plugin's MCP tools as Claude Code names them (server `gardener`). */
export const MCP_FETCH_TOOL = 'mcp__gardener__fetch';
export const MCP_RECALL_TOOL = 'mcp__gardener__recall';

/** How the model behind the proxy gets an original back: the plugin's MCP tools, or the shell. */
export type RetrievalMode = 'mcp' | 'shell';

/** The plugin's tools, by the names the client gave them. */
export const MCP_WORDS: RetrievalWords = {
  fetch: (id) => `${MCP_FETCH_TOOL}(id: "${id}")`,
  recall: (query) => `${MCP_RECALL_TOOL}(query: "${query}")`,
};

export const RETRIEVAL_WORDS: Record<RetrievalMode, RetrievalWords> = { mcp: MCP_WORDS, shell: SHELL_WORDS };

/** MCP when the request offers both of the plugin's tools; otherwise `gardener show` / `gardener recall` from a shell. */
export function retrievalMode(tools: unknown): RetrievalMode {
  if (!Array.isArray(tools)) return 'shell';
  const names = new Set(
    tools.map((t: unknown) =>
      typeof t === 'object' && t !== null ? (t as { name?: unknown }).name : undefined,
    ),
  );
  return names.has(MCP_FETCH_TOOL) && names.has(MCP_RECALL_TOOL) ? 'mcp' : 'shell';
}

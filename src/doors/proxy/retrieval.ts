import { PART_WORDS, SHELL_WORDS, type RetrievalWords } from '../../core/garden/constants.js';

/** Claude Code names MCP tools `mcp__<server>__<tool>`; a plugin's server is `plugin_<plugin>_<server>`. */
const GARDENER_MCP_TOOL = /^mcp__([\w-]*gardener[\w-]*)__(fetch|recall)$/;

/** How the model behind the proxy gets an original back, and the key of the pool whose gardens say so. */
export interface Retrieval {
  key: string;
  words: RetrievalWords;
}

export const SHELL_RETRIEVAL: Retrieval = { key: 'shell', words: SHELL_WORDS };

/** Words naming gardener's MCP tools by the names the client gave them. */
export function mcpWords(fetchTool: string, recallTool: string): RetrievalWords {
  return {
    fetch: (id) => `${fetchTool}(id: "${id}")`,
    fetchPart: (id) => `${fetchTool}(id: "${id}", query: "${PART_WORDS}")`,
    recall: (query) => `${recallTool}(query: "${query}")`,
  };
}

/**
 * gardener's MCP tools when the request offers both `fetch` and `recall` of one gardener server;
 * otherwise the shell (`gardener show ID`, `gardener recall "…"`: Claude Code has Bash).
 */
export function retrievalFor(tools: unknown): Retrieval {
  if (!Array.isArray(tools)) return SHELL_RETRIEVAL;
  const byServer = new Map<string, { fetch?: string; recall?: string }>();
  for (const tool of tools as unknown[]) {
    const name = typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined;
    const match = typeof name === 'string' ? GARDENER_MCP_TOOL.exec(name) : null;
    if (!match) continue;
    const server = byServer.get(match[1]!) ?? {};
    server[match[2] as 'fetch' | 'recall'] = name as string;
    byServer.set(match[1]!, server);
  }
  for (const { fetch, recall } of byServer.values())
    if (fetch && recall) return { key: `mcp:${fetch}|${recall}`, words: mcpWords(fetch, recall) };
  return SHELL_RETRIEVAL;
}

/**
 * How summaries and stubs name the way back to an original, in the words of the door the model works
 * through (a setting of the session: config.ts `retrieval`). No imports: the light face (constants.ts)
 * re-exports them.
 */

/**
 * How the model brings an original back in the door it works through: the engine's own tool names
 * (chat, MCP), a shell command (the proxy, when the client has Bash), or a client's tool names.
 */
export interface RetrievalWords {
  /** One entry back by id: `fetch("a3f2")`. */
  fetch(id: string): string;
  /** The part of one long entry the model asks for: `fetch("a3f2", query: "what you need")`. */
  fetchPart(id: string): string;
  /** A search: `recall("vat test failure")` (the query has no quotes or line breaks). */
  recall(query: string): string;
}

/** What a way back into a long original asks the model to fill in. */
export const PART_WORDS = 'what you need';
/**
 * Originals above this many tokens (about one page of `gardener show`, recall/inside.ts PAGE_CHARS)
 * are asked for in part: their stub and summary header name the search inside them first.
 */
export const LONG_ORIGINAL_TOKENS = 6_000;

/** The exact way back to one entry: the whole original, or for a long one the part the model needs. */
export function wayBack(words: RetrievalWords, id: string, before: number): string {
  return before > LONG_ORIGINAL_TOKENS ? words.fetchPart(id) : words.fetch(id);
}

/** The engine's tools, `fetch` and `recall` (chat, the MCP server, bench). */
export const TOOL_WORDS: RetrievalWords = {
  fetch: (id) => `fetch("${id}")`,
  fetchPart: (id) => `fetch("${id}", query: "${PART_WORDS}")`,
  recall: (query) => `recall("${query}")`,
};

/** The CLI, for clients whose model has a shell but not gardener's tools. */
export const SHELL_WORDS: RetrievalWords = {
  fetch: (id) => `run \`gardener show ${id}\``,
  fetchPart: (id) => `run \`gardener show ${id} --grep "${PART_WORDS}"\``,
  recall: (query) => `run \`gardener recall "${query}"\``,
};

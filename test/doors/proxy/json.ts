/** Message shapes as a client sends them, unknown block types included (tests build them by hand). */
export interface JsonBlock {
  type: string;
  [key: string]: unknown;
}

export interface JsonMessage {
  role: string;
  content: string | JsonBlock[];
}

/** One parsed line of Claude Code's stream-json output, or of the proxy's JSON log. */
export type JsonLine = Record<string, unknown> & { type?: string };

/** The blocks of a message, read loosely. */
export function blocksOf(message: { content: unknown } | undefined): JsonBlock[] {
  return (message?.content ?? []) as JsonBlock[];
}

import { toolResultText } from '../transcript/blocks.js';
import type { MessageParam, MessagesRequest, ToolResultBlockParam } from '../transcript/types.js';

/** The API accepts at most this many blocks with cache_control in one request. */
export const MAX_CACHE_BREAKPOINTS = 4;

type Block = Record<string, unknown>;

/** Tool results at least this long (characters) are what compaction events shorten. */
const SHORTENABLE_CHARS = 256;
/** The header every block gardener shortened starts with. */
const SHORTENED = '[gardener:';

/**
 * The last message before the first tool result that gardener has not shortened and could: an
 * event's first changed message is at or after it, as long as the blocks before it stay shortened.
 * Undefined when there is none.
 */
export function compactionFrontier(messages: readonly MessageParam[]): number | undefined {
  for (let m = 1; m < messages.length; m++) {
    const content = messages[m]?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content as unknown as Block[]) {
      if (block['type'] !== 'tool_result') continue;
      const text = toolResultText(block['content'] as ToolResultBlockParam['content']);
      if (text.length >= SHORTENABLE_CHARS && !text.startsWith(SHORTENED)) return m - 1;
    }
  }
  return undefined;
}

/** Blocks with cache_control in a request (tools, system, messages, tool_result contents). */
export function countBreakpoints(request: MessagesRequest): number {
  let count = 0;
  const visit = (block: Block): void => {
    if (block['cache_control']) count++;
    if (block['type'] === 'tool_result' && Array.isArray(block['content']))
      (block['content'] as Block[]).forEach(visit);
  };
  (request.tools ?? []).forEach((tool) => visit(tool as unknown as Block));
  if (Array.isArray(request.system)) request.system.forEach((block) => visit(block as unknown as Block));
  for (const message of request.messages)
    if (Array.isArray(message.content)) (message.content as unknown as Block[]).forEach(visit);
  return count;
}

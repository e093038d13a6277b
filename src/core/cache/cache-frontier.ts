import { toolResultText } from '../transcript/index.js';
import type { MessageParam, MessagesRequest, ToolResultBlockParam } from '../transcript/index.js';
import { MAX_BREAKPOINTS } from './prompt-cache.js';

/** The API accepts at most this many blocks with cache_control in one request (the cache model's rule). */
export const MAX_CACHE_BREAKPOINTS = MAX_BREAKPOINTS;

type Block = Record<string, unknown>;

/** Tool results at least this long (characters) are what compaction events shorten. */
const SHORTENABLE_CHARS = 256;
/** The header every block gardener shortened starts with. */
const SHORTENED = '[gardener:';

/**
 * The last message before the first tool result that gardener has not shortened and could: an
 * event's first changed message is at or after it, as long as the blocks before it stay shortened.
 * In a conversation without tool blocks (a plain-text agent: its tool output comes back as user
 * text after the action it wrote) that user text is the tool result, and the frontier is past the
 * last one shortened: outputs an event kept whole lie before it, and the next event starts after
 * it. Undefined when there is none.
 */
export function compactionFrontier(messages: readonly MessageParam[]): number | undefined {
  return scanFrontier(messages).at;
}

/** A frontier scan's answer: the frontier, and the first message it saw holding a tool block. */
export interface FrontierScan {
  at: number | undefined;
  firstTool: number | undefined;
}

/**
 * compactionFrontier read from `from` on, when the scan that ends there is known: the messages
 * before it hold no result that could be the frontier, and a tool block at `firstTool` if any.
 */
export function scanFrontier(messages: readonly MessageParam[], from = 1, firstTool?: number): FrontierScan {
  let tool = firstTool;
  let observation: number | undefined;
  for (let m = Math.max(1, from); m < messages.length; m++) {
    const message = messages[m] as MessageParam;
    if (Array.isArray(message.content))
      for (const block of message.content as unknown as Block[]) {
        if (block['type'] !== 'tool_result' && block['type'] !== 'tool_use') continue;
        tool ??= m;
        if (block['type'] !== 'tool_result') continue;
        const text = toolResultText(block['content'] as ToolResultBlockParam['content']);
        if (isShortenable(text)) return { at: m - 1, firstTool: tool };
      }
    if (tool !== undefined || message.role !== 'user' || messages[m - 1]?.role !== 'assistant') continue;
    const text = userText(message);
    if (text.startsWith(SHORTENED)) observation = undefined;
    else if (isShortenable(text)) observation ??= m;
  }
  const at = tool === undefined && observation !== undefined ? observation - 1 : undefined;
  return { at, firstTool: tool };
}

function isShortenable(text: string): boolean {
  return text.length >= SHORTENABLE_CHARS && !text.startsWith(SHORTENED);
}

function userText(message: MessageParam): string {
  if (typeof message.content === 'string') return message.content;
  const blocks = message.content as unknown as Block[];
  return blocks.map((block) => (block['type'] === 'text' ? String(block['text']) : '')).join('\n');
}

/** Blocks with cache_control in a request (tools, system, messages, tool_result contents). */
export function countBreakpoints(request: MessagesRequest): number {
  let count = headBreakpoints(request);
  for (const message of request.messages)
    if (Array.isArray(message.content)) count += breakpointsIn(message.content as unknown as Block[]);
  return count;
}

/** Blocks with cache_control among the tools and the system. */
export function headBreakpoints(request: MessagesRequest): number {
  const tools = breakpointsIn(request.tools as unknown as Block[] | undefined);
  return tools + (Array.isArray(request.system) ? breakpointsIn(request.system as unknown as Block[]) : 0);
}

/** Breakpoints on blocks (and on a tool_result's own parts), in a loop: a request has thousands of blocks. */
export function breakpointsIn(blocks: readonly Block[] | undefined): number {
  let count = 0;
  for (const block of blocks ?? []) {
    if (block['cache_control']) count++;
    if (block['type'] === 'tool_result' && Array.isArray(block['content']))
      count += breakpointsIn(block['content'] as Block[]);
  }
  return count;
}

/** A message block, by position. */
export interface BlockAt {
  message: number;
  block: number;
}

/** Thinking blocks and empty text cannot carry cache_control. */
function markable(block: Block): boolean {
  if (block['type'] === 'thinking' || block['type'] === 'redacted_thinking') return false;
  return block['type'] !== 'text' || (typeof block['text'] === 'string' && block['text'] !== '');
}

/**
 * Where a client puts its message breakpoint: the newest block that can carry one (a string
 * content counts as one text block). Taken from the client's own request, it stays on the client's
 * block when gardener appends the turn's injection after it: the injection is gone at the next call,
 * the client's block is not.
 */
export function clientMark(messages: readonly MessageParam[]): BlockAt | undefined {
  for (let m = messages.length - 1; m >= 0; m--) {
    const content = (messages[m] as MessageParam).content;
    if (typeof content === 'string') {
      if (content !== '') return { message: m, block: 0 };
      continue;
    }
    const block = (content as unknown as Block[]).findLastIndex(markable);
    if (block >= 0) return { message: m, block };
  }
  return undefined;
}

/** The request with an ephemeral breakpoint on one message block (a string content becomes one text block). */
export function markBlock(request: MessagesRequest, at: BlockAt): MessagesRequest {
  const message = request.messages[at.message];
  if (!message) return request;
  const content: Block[] =
    typeof message.content === 'string'
      ? [{ type: 'text', text: message.content }]
      : [...(message.content as unknown as Block[])];
  const block = content[at.block];
  if (!block || !markable(block)) return request;
  content[at.block] = { ...block, cache_control: { type: 'ephemeral' } };
  const messages = [...request.messages];
  messages[at.message] = { ...message, content } as unknown as MessageParam;
  return { ...request, messages };
}

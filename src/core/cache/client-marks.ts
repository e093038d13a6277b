import type { MessageParam, MessagesRequest } from '../transcript/index.js';
import { clientMark, compactionFrontier, countBreakpoints, MAX_CACHE_BREAKPOINTS } from './cache-frontier.js';

type Block = Record<string, unknown>;

/**
 * A breakpoint a client put on its request, by position: on a system block, a tool, or a block of
 * a message. `value` is its `cache_control` as the client sent it (default: an ephemeral one).
 */
export interface ClientMark {
  message: number | 'system' | 'tools';
  block: number;
  value?: unknown;
}

const EPHEMERAL = { type: 'ephemeral' } as const;

/** Thinking blocks and empty text cannot carry cache_control. */
function markable(block: unknown): block is Block {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) return false;
  const type = (block as Block)['type'];
  if (type === 'thinking' || type === 'redacted_thinking') return false;
  return type !== 'text' || (typeof (block as Block)['text'] === 'string' && (block as Block)['text'] !== '');
}

/**
 * The marks of a door that is its own client (the chat): the system prompt's last block (the last
 * tool when there is no system prompt), and the newest block of the conversation as it stands —
 * `conversation`, not the rendered request, whose last message may end with a turn's injection.
 */
export function ownMarks(
  request: MessagesRequest,
  conversation: readonly MessageParam[] = request.messages,
): ClientMark[] {
  const marks: ClientMark[] = [];
  const { system, tools } = request;
  if (typeof system === 'string' && system !== '') marks.push({ message: 'system', block: 0 });
  else if (Array.isArray(system) && system.some(markable))
    marks.push({ message: 'system', block: (system as unknown[]).findLastIndex(markable) });
  else if (tools && tools.length > 0) marks.push({ message: 'tools', block: tools.length - 1 });
  const newest = clientMark(conversation);
  if (newest) marks.push(newest);
  return marks;
}

/**
 * The request with the client's marks put back, never past the API's 4 in all: those on the system
 * and the tools first, then the message ones newest first (a shortened block carries its mark). A
 * block that is marked already is left as it is. Pure.
 */
export function applyMarks(request: MessagesRequest, marks: readonly ClientMark[]): MessagesRequest {
  if (marks.length === 0) return request;
  let room = MAX_CACHE_BREAKPOINTS - countBreakpoints(request);
  let out = request;
  const head = marks.filter((mark) => typeof mark.message === 'string');
  const body = marks.filter((mark) => typeof mark.message === 'number');
  for (const mark of [...head, ...body.reverse()]) {
    if (room <= 0) break;
    const next = markOne(out, mark);
    if (next !== out) room--;
    out = next;
  }
  return out;
}

/** The request with one more mark, or the same request when the block cannot take it. */
function markOne(request: MessagesRequest, mark: ClientMark): MessagesRequest {
  const value = mark.value ?? EPHEMERAL;
  if (mark.message === 'tools') {
    const tools = marked(request.tools as unknown as Block[] | undefined, mark.block, value);
    return tools ? { ...request, tools: tools as unknown as MessagesRequest['tools'] } : request;
  }
  if (mark.message === 'system') {
    const blocks: Block[] | undefined =
      typeof request.system === 'string'
        ? request.system === ''
          ? undefined
          : [{ type: 'text', text: request.system }]
        : (request.system as unknown as Block[] | undefined);
    const system = marked(blocks, mark.block, value);
    return system ? { ...request, system: system as unknown as MessagesRequest['system'] } : request;
  }
  const message = request.messages[mark.message];
  if (!message) return request;
  const blocks: Block[] =
    typeof message.content === 'string'
      ? message.content === ''
        ? []
        : [{ type: 'text', text: message.content }]
      : (message.content as unknown as Block[]);
  const content = marked(blocks, mark.block, value);
  if (!content) return request;
  const messages = [...request.messages];
  messages[mark.message] = { ...message, content } as unknown as MessageParam;
  return { ...request, messages };
}

/** A copy of the blocks with `cache_control` on one, when it is a block that has none yet. */
function marked(blocks: readonly Block[] | undefined, at: number, value: unknown): Block[] | undefined {
  const block = blocks?.[at];
  if (!blocks || typeof block !== 'object' || block === null || 'cache_control' in block) return undefined;
  const out = [...blocks];
  out[at] = { ...block, cache_control: value };
  return out;
}

/** A mark on the last block of a message (`block` past the end: whatever its last block is). */
export interface MessageEndMark {
  message: number;
  block: number;
}

/**
 * The marks of a replayed request that has no client of its own to mark it (the bench's strategies):
 * the last block of the last message, as Claude Code marks it, and with `frontier` the last block of
 * the message at the compaction frontier, where gardener's proxy puts its own.
 */
export function endMarks(messages: readonly MessageParam[], frontier: boolean): MessageEndMark[] {
  const at = new Set<number>([messages.length - 1]);
  const settled = frontier ? compactionFrontier(messages) : undefined;
  if (settled !== undefined) at.add(settled);
  return [...at].map((message) => ({ message, block: Number.MAX_SAFE_INTEGER }));
}

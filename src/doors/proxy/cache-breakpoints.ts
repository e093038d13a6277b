import { MAX_CACHE_BREAKPOINTS as MAX_BREAKPOINTS } from '../../core/cache/index.js';
import type { MessageParam, MessagesRequest } from '../../core/transcript/index.js';

/** The Messages API's cap on `cache_control` breakpoints per request (the core cache model's). */
export { MAX_BREAKPOINTS };

/** A breakpoint the client put on a message block. */
export interface Breakpoint {
  message: number;
  block: number;
  value: unknown;
}

type Json = Record<string, unknown>;

/** The messages with the client's breakpoints taken off, and those breakpoints. */
export interface Taken {
  messages: MessageParam[];
  breakpoints: Breakpoint[];
  /** The messages they were taken from (a copy of the list: the same objects). */
  from: readonly MessageParam[];
}

/**
 * Takes the client's breakpoints off the message blocks. A client moves its message breakpoint to
 * the newest block on every call; off the blocks, the engine sees the same block from call to call.
 * Messages without one keep their object. Given what was taken from the conversation's last request,
 * the messages it shares from the first on (the same objects) are taken as they were then.
 */
export function takeBreakpoints(messages: readonly MessageParam[], last?: Taken): Taken {
  let shared = 0;
  const most = last ? Math.min(last.from.length, messages.length) : 0;
  while (shared < most && last?.from[shared] === messages[shared]) shared++;
  const out = last ? last.messages.slice(0, shared) : [];
  const breakpoints = last ? last.breakpoints.filter((mark) => mark.message < shared) : [];
  for (let m = shared; m < messages.length; m++) {
    const message = messages[m] as MessageParam;
    out.push(marked(message.content) ? withoutMarks(message, m, breakpoints) : message);
  }
  return { messages: out, breakpoints, from: messages.slice() };
}

/** Whether a message's content carries a breakpoint (most do not: they are passed on as they are). */
function marked(content: MessageParam['content']): boolean {
  if (!Array.isArray(content)) return false;
  for (const block of content as unknown[]) if (isObject(block) && 'cache_control' in block) return true;
  return false;
}

/** A copy of the message without its blocks' breakpoints, which go to `breakpoints`. */
function withoutMarks(message: MessageParam, m: number, breakpoints: Breakpoint[]): MessageParam {
  const content = (message.content as unknown[]).map((block, b) => {
    if (!isObject(block) || !('cache_control' in block)) return block;
    const { cache_control: value, ...rest } = block;
    breakpoints.push({ message: m, block: b, value });
    return rest;
  });
  return { ...message, content } as MessageParam;
}

/**
 * Puts the client's breakpoints back on the rendered messages, at the same positions (a shortened
 * block carries its breakpoint), newest first, never past MAX_BREAKPOINTS for the whole request.
 */
export function restoreBreakpoints(
  request: MessagesRequest,
  breakpoints: readonly Breakpoint[],
): MessagesRequest {
  if (breakpoints.length === 0) return request;
  let room = MAX_BREAKPOINTS - countBreakpoints(request);
  const messages = [...request.messages];
  for (let i = breakpoints.length - 1; i >= 0 && room > 0; i--) {
    const mark = breakpoints[i] as Breakpoint;
    const message = messages[mark.message];
    if (!message || !Array.isArray(message.content)) continue;
    const block = (message.content as unknown[])[mark.block];
    if (!isObject(block) || 'cache_control' in block) continue;
    const content = [...(message.content as unknown[])];
    content[mark.block] = { ...block, cache_control: mark.value };
    messages[mark.message] = { ...message, content } as MessageParam;
    room--;
  }
  return { ...request, messages };
}

/** Breakpoints anywhere in a request: system blocks, tools, message blocks and the parts of tool results. */
export function countBreakpoints(request: Json): number {
  let count = 0;
  const visit = (value: unknown, depth: number): void => {
    if (Array.isArray(value)) for (const item of value) visit(item, depth);
    else if (isObject(value)) {
      if ('cache_control' in value && value['cache_control'] != null) count++;
      // Message content, and a tool_result's own content, are the only nested places breakpoints go.
      if (depth < 2 && Array.isArray(value['content'])) visit(value['content'], depth + 1);
    }
  };
  visit(request['system'], 0);
  visit(request['tools'], 0);
  visit(request['messages'], 0);
  return count;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

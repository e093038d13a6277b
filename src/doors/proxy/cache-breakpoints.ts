import type { MessageParam } from '../../core/transcript/index.js';

/**
 * A breakpoint the client put on a message block, taken off the incoming body (transport): the
 * core's one placer (placeBreakpoints) puts it back beside gardener's.
 */
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

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { compactionFrontier, countBreakpoints, MAX_CACHE_BREAKPOINTS } from '../../../core/cache/index.js';
import type { MessageParam, MessagesRequest } from '../../../core/transcript/index.js';

export { compactionFrontier, countBreakpoints, MAX_CACHE_BREAKPOINTS };

const EPHEMERAL = { type: 'ephemeral' } as const;

type Block = Record<string, unknown>;

export interface BreakpointOptions {
  /**
   * Leading messages that will not change until the next compaction event; the last of them gets a
   * breakpoint. 0: none.
   */
  stableMessages: number;
  /** Also mark the end of the request, so the next call of a tool loop reads this one from the cache. */
  tail?: boolean;
  /**
   * A message before the first one a compaction event is likely to change (compactionFrontier):
   * marked so that an event changing only later messages still reads up to it. The provider reads
   * a cached prefix only where an earlier request put a breakpoint, so without one here an event
   * anywhere rewrites every message. Dropped first when the API's 4 breakpoints are not enough.
   */
  frontier?: number;
  /**
   * Breakpoints the caller adds afterwards (the chat: the conversation's newest block and the two
   * the core's cache track places): the tools' mark yields to them when the system's covers it.
   */
  leave?: number;
}

/** Thinking blocks and empty text cannot carry cache_control. */
function cacheable(block: Block): boolean {
  if (block['type'] === 'thinking' || block['type'] === 'redacted_thinking') return false;
  return block['type'] !== 'text' || (typeof block['text'] === 'string' && block['text'] !== '');
}

function strip(block: Block): Block {
  let out = block;
  if ('cache_control' in out) {
    out = { ...out };
    delete out['cache_control'];
  }
  if (out['type'] === 'tool_result' && Array.isArray(out['content']))
    out = { ...out, content: (out['content'] as Block[]).map(strip) };
  return out;
}

const mark = (block: Block): Block => ({ ...block, cache_control: EPHEMERAL });

/**
 * Places prompt-cache breakpoints on the stable prefix: the last tool, the last system block, the
 * last block of the stable messages, (with `tail`) the last block of the request, and the compaction
 * frontier. Never more than the API's 4: the tools' mark goes first when the system's covers them
 * (the system comes after the tools in the cached prefix), then the frontier. Breakpoints the caller
 * put are removed first. Pure: the input is not changed.
 */
export function placeCacheBreakpoints<R extends MessagesRequest>(request: R, options: BreakpointOptions): R {
  const out: R = { ...request };
  const stable = Math.min(options.stableMessages, request.messages.length);
  const targets = new Set<number>();
  if (stable > 0) targets.add(stable - 1);
  if (options.tail && request.messages.length > 0) targets.add(request.messages.length - 1);
  const hasSystem =
    (typeof request.system === 'string' && request.system !== '') ||
    (Array.isArray(request.system) && request.system.some((block) => cacheable(block as unknown as Block)));
  const hasTools = request.tools !== undefined && request.tools.length > 0;
  const frontier = options.frontier;
  const wantsFrontier =
    frontier !== undefined && frontier >= 0 && frontier < request.messages.length && !targets.has(frontier);
  // The tools' mark is redundant under the system's: it yields its place to the frontier and to
  // the breakpoints the caller adds.
  const wanted = (hasSystem ? 1 : 0) + targets.size + 1 + (wantsFrontier ? 1 : 0) + (options.leave ?? 0);
  const markTools = hasTools && !(hasSystem && wanted > MAX_CACHE_BREAKPOINTS);
  const used = (markTools ? 1 : 0) + (hasSystem ? 1 : 0) + targets.size;
  if (wantsFrontier && used < MAX_CACHE_BREAKPOINTS) targets.add(frontier);
  if (request.tools && request.tools.length > 0) {
    const tools = request.tools.map((tool) => strip(tool as unknown as Block));
    if (markTools) tools[tools.length - 1] = mark(tools.at(-1) as Block);
    out.tools = tools as unknown as R['tools'];
  }
  if (typeof request.system === 'string' && request.system !== '')
    out.system = [{ type: 'text', text: request.system, cache_control: EPHEMERAL }];
  else if (Array.isArray(request.system) && request.system.length > 0) {
    const system = request.system.map((block) => strip(block as unknown as Block));
    const last = system.findLastIndex(cacheable);
    if (last >= 0) system[last] = mark(system[last] as Block);
    out.system = system as unknown as R['system'];
  }
  const messages: MessageParam[] = request.messages.map((message) =>
    typeof message.content === 'string'
      ? message
      : ({
          ...message,
          content: message.content.map((b) => strip(b as unknown as Block)),
        } as unknown as MessageParam),
  );
  for (const index of targets) markMessage(messages, index);
  out.messages = messages;
  return out;
}

/**
 * The request with a breakpoint at its compaction frontier added, when the API's 4 leave room and
 * the frontier message has none yet. For requests whose other breakpoints a client placed (the
 * proxy): theirs are kept as they are.
 */
export function withFrontierBreakpoint<R extends MessagesRequest>(request: R): R {
  const frontier = compactionFrontier(request.messages);
  if (frontier === undefined || countBreakpoints(request) >= MAX_CACHE_BREAKPOINTS) return request;
  const message = request.messages[frontier];
  if (
    Array.isArray(message?.content) &&
    (message.content as unknown as Block[]).some((b) => b['cache_control'])
  )
    return request;
  const messages = [...request.messages];
  markMessage(messages, frontier);
  return { ...request, messages };
}

/** Marks the last cacheable block at or before message `index` (a string content becomes one text block). */
function markMessage(messages: MessageParam[], index: number): void {
  for (let i = index; i >= 0; i--) {
    const message = messages[i] as MessageParam;
    if (typeof message.content === 'string') {
      if (message.content === '') continue;
      messages[i] = {
        ...message,
        content: [{ type: 'text', text: message.content, cache_control: EPHEMERAL }],
      };
      return;
    }
    const blocks = message.content as unknown as Block[];
    const last = blocks.findLastIndex(cacheable);
    if (last < 0) continue;
    const content = [...blocks];
    content[last] = mark(content[last] as Block);
    messages[i] = { ...message, content } as unknown as MessageParam;
    return;
  }
}

import { contentBlocks } from '../../../core/transcript/index.js';
import type { Block, MessageParam, MessagesRequest } from '../../../core/transcript/index.js';
import type { BenchSession } from '../types.js';

/** The recorded context of call i, as the raw strategy sends it. */
export function recordedRequest(session: BenchSession, call: number): MessagesRequest {
  const { transcript, calls } = session;
  const end = calls[call]?.messageIndex ?? transcript.messages.length;
  return withMessages(session, transcript.messages.slice(0, end));
}

/**
 * A request with the session's model, system prompt and tools and the given messages. The model is
 * what the client sends: how a request is priced (its thinking counted where the model keeps it)
 * reads it, on the client's side as on gardener's.
 */
export function withMessages(session: BenchSession, messages: MessageParam[]): MessagesRequest {
  const request: MessagesRequest = { messages };
  const model = session.transcript.extra?.['model'];
  if (typeof model === 'string') request['model'] = model;
  if (session.transcript.system !== undefined) request.system = session.transcript.system;
  if (session.transcript.tools !== undefined) request.tools = session.transcript.tools;
  return request;
}

/** Where a tool result sits: message and block index. */
export interface ToolResultPosition {
  messageIndex: number;
  blockIndex: number;
}

/** Every tool result of the session in order, as docs/BENCH.md counts them (observations included). */
export function toolResultPositions(session: BenchSession): ToolResultPosition[] {
  const positions: ToolResultPosition[] = [];
  session.transcript.messages.forEach((message, messageIndex) => {
    if (message.role !== 'user') return;
    contentBlocks(message).forEach((_, blockIndex) => {
      if (session.isToolResult(messageIndex, blockIndex)) positions.push({ messageIndex, blockIndex });
    });
  });
  return positions;
}

/**
 * Replaces old tool results with a placeholder. Keeps the rendered objects stable: the same message
 * with the same number of cleared results is the same object on every call, so unchanged messages
 * stay byte-identical (and the meter's cache hits).
 */
export interface Clearer {
  /** The messages before `end` with every tool result except the latest `keep` cleared. */
  render(end: number, keep: number): { messages: MessageParam[]; cleared: number };
}

export function createClearer(session: BenchSession, placeholder: string): Clearer {
  const positions = toolResultPositions(session);
  const cache = new Map<string, MessageParam>();
  const messages = session.transcript.messages;

  const clearedMessage = (messageIndex: number, clearedBlocks: ReadonlySet<number>): MessageParam => {
    const key = `${messageIndex}:${[...clearedBlocks].join(',')}`;
    let rendered = cache.get(key);
    if (rendered) return rendered;
    const original = messages[messageIndex] as MessageParam;
    if (original.role === 'system') return original;
    if (typeof original.content === 'string') {
      rendered = { ...original, content: placeholder };
    } else {
      const content = original.content.map((block, blockIndex) =>
        clearedBlocks.has(blockIndex) ? clearBlock(block, placeholder) : block,
      );
      rendered = { ...original, content };
    }
    cache.set(key, rendered);
    return rendered;
  };

  return {
    render(end, keep) {
      const visible = positions.filter((p) => p.messageIndex < end);
      const toClear = visible.slice(0, Math.max(0, visible.length - keep));
      const byMessage = new Map<number, Set<number>>();
      for (const p of toClear) {
        let set = byMessage.get(p.messageIndex);
        if (!set) byMessage.set(p.messageIndex, (set = new Set()));
        set.add(p.blockIndex);
      }
      const rendered = messages.slice(0, end).map((message, index) => {
        const cleared = byMessage.get(index);
        return cleared ? clearedMessage(index, cleared) : message;
      });
      return { messages: rendered, cleared: toClear.length };
    },
  };
}

/** A tool_result keeps its id (and error flag) with the placeholder as content; an observation text becomes the placeholder. */
function clearBlock(block: Block, placeholder: string): Block {
  if (block.type === 'tool_result') return { ...block, content: placeholder };
  if (block.type === 'text') return { ...block, text: placeholder };
  return block;
}

import type { Block, MessageParam } from './types.js';
import { hasInjectedMarker, stripInjected } from './strip.js';

/** What stands in for a block or message that held nothing but injected context (content must not be empty). */
export const INJECTED_REMOVED = '[gardener: injected context removed]';

export interface StrippedMessage {
  message: MessageParam;
  /** Regions removed. */
  stripped: number;
}

/**
 * A user message without its injected regions (text blocks, string content and tool_result text).
 * Returns the same object when there was nothing to strip. Assistant messages are never touched:
 * gardener injects only into user turns, and what the model wrote is its own.
 */
export function stripMessage(message: MessageParam): StrippedMessage {
  if (message.role !== 'user') return { message, stripped: 0 };
  if (typeof message.content === 'string') {
    if (!hasInjectedMarker(message.content)) return { message, stripped: 0 };
    const { text, stripped } = stripInjected(message.content);
    if (stripped === 0) return { message, stripped: 0 };
    return { message: { ...message, content: isBlank(text) ? INJECTED_REMOVED : text }, stripped };
  }
  if (!Array.isArray(message.content)) return { message, stripped: 0 };
  let total = 0;
  const blocks: Block[] = [];
  for (const block of message.content) {
    const result = stripBlock(block);
    total += result.stripped;
    if (result.block !== undefined) blocks.push(result.block);
  }
  if (total === 0) return { message, stripped: 0 };
  if (blocks.length === 0) blocks.push({ type: 'text', text: INJECTED_REMOVED });
  return { message: { ...message, content: blocks }, stripped: total };
}

interface StrippedBlock {
  /** Undefined when the block held nothing but injected context. */
  block: Block | undefined;
  stripped: number;
}

function stripBlock(block: Block): StrippedBlock {
  if (block.type === 'text') {
    if (!hasInjectedMarker(block.text)) return { block, stripped: 0 };
    const { text, stripped } = stripInjected(block.text);
    if (stripped === 0) return { block, stripped: 0 };
    return { block: isBlank(text) ? undefined : { ...block, text }, stripped };
  }
  if (block.type !== 'tool_result' || block.content === undefined) return { block, stripped: 0 };
  if (typeof block.content === 'string') {
    if (!hasInjectedMarker(block.content)) return { block, stripped: 0 };
    const { text, stripped } = stripInjected(block.content);
    if (stripped === 0) return { block, stripped: 0 };
    return { block: { ...block, content: isBlank(text) ? INJECTED_REMOVED : text }, stripped };
  }
  let total = 0;
  const parts: Exclude<typeof block.content, string> = [];
  for (const part of block.content) {
    if (part.type === 'text' && hasInjectedMarker(part.text)) {
      const { text, stripped } = stripInjected(part.text);
      total += stripped;
      if (!isBlank(text)) parts.push(stripped === 0 ? part : { ...part, text });
    } else {
      parts.push(part);
    }
  }
  if (total === 0) return { block, stripped: 0 };
  if (parts.length === 0) parts.push({ type: 'text', text: INJECTED_REMOVED });
  return { block: { ...block, content: parts }, stripped: total };
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}

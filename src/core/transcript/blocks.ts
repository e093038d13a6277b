import type { Block, MessageParam, ToolResultBlockParam } from './types.js';

/** A message's content as a block array (a string becomes one text block). */
export function contentBlocks(message: MessageParam): Block[] {
  if (typeof message.content === 'string') {
    return message.content === '' ? [] : [{ type: 'text', text: message.content }];
  }
  return message.content;
}

/** The text of a tool_result's content, text parts joined by newlines. */
export function toolResultText(content: ToolResultBlockParam['content']): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  const parts: string[] = [];
  for (const part of content) if (part.type === 'text') parts.push(part.text);
  return parts.join('\n');
}

/**
 * The compressible text of a block: what a summary would stand in for.
 * text → its text; tool_result → its text parts; tool_use → its JSON input; others → ''.
 */
export function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'tool_result':
      return toolResultText(block.content);
    case 'tool_use':
      return JSON.stringify(block.input ?? {});
    default:
      return '';
  }
}

/** Every tool_use id of an assistant message. */
export function toolUseIds(message: MessageParam): string[] {
  if (typeof message.content === 'string') return [];
  const ids: string[] = [];
  for (const block of message.content) if (block.type === 'tool_use') ids.push(block.id);
  return ids;
}

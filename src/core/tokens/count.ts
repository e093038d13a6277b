import type { Block, MessageParam, MessagesRequest } from '../transcript/index.js';
import type { Tokenizer } from './tokenizer.js';

/** Per-message overhead (role and framing), as docs/BENCH.md fixes it. */
export const MESSAGE_OVERHEAD = 4;
/** An image whose size is not known counts this much (docs/BENCH.md). */
export const IMAGE_TOKENS = 1_500;
/** Tokens per base64 byte of a PDF or other document, a rough but stable estimate. */
const DOCUMENT_TOKENS_PER_BYTE = 1 / 3;

/** Tokens of an image of known pixel size (Anthropic's rule: width × height / 750, capped). */
export function imageTokens(width?: number, height?: number): number {
  if (!width || !height) return IMAGE_TOKENS;
  return Math.min(Math.ceil((width * height) / 750), 1_600);
}

export interface CountOptions {
  /** Count thinking blocks (docs/BENCH.md: earlier turns' thinking is not part of the context). */
  includeThinking?: boolean;
}

/** Tokens of one block. */
export function countBlock(tokenizer: Tokenizer, block: Block, options: CountOptions = {}): number {
  switch (block.type) {
    case 'text':
      return tokenizer.count(block.text);
    case 'tool_use':
      return tokenizer.count(block.name) + tokenizer.count(JSON.stringify(block.input ?? {}));
    case 'tool_result': {
      if (block.content === undefined) return 0;
      if (typeof block.content === 'string') return tokenizer.count(block.content);
      let total = 0;
      for (const part of block.content) total += countBlock(tokenizer, part as Block, options);
      return total;
    }
    case 'image':
      return IMAGE_TOKENS;
    case 'document': {
      const source = block.source as { type: string; data?: string };
      if (source.type === 'text' && typeof source.data === 'string') return tokenizer.count(source.data);
      if (typeof source.data === 'string')
        return Math.ceil(source.data.length * 0.75 * DOCUMENT_TOKENS_PER_BYTE);
      return IMAGE_TOKENS;
    }
    case 'thinking':
      return options.includeThinking ? tokenizer.count(block.thinking) : 0;
    case 'redacted_thinking':
      return 0;
    default:
      return tokenizer.count(JSON.stringify(block));
  }
}

export function countMessage(
  tokenizer: Tokenizer,
  message: MessageParam,
  options: CountOptions = {},
): number {
  if (typeof message.content === 'string') return MESSAGE_OVERHEAD + tokenizer.count(message.content);
  let total = MESSAGE_OVERHEAD;
  for (const block of message.content) total += countBlock(tokenizer, block, options);
  return total;
}

/** Tokens of a whole request: system + tools + messages. */
export function countRequest(
  tokenizer: Tokenizer,
  request: MessagesRequest,
  options: CountOptions = {},
): number {
  let total = 0;
  if (typeof request.system === 'string') total += tokenizer.count(request.system);
  else if (Array.isArray(request.system)) for (const b of request.system) total += tokenizer.count(b.text);
  if (request.tools) total += tokenizer.count(JSON.stringify(request.tools));
  for (const message of request.messages) total += countMessage(tokenizer, message, options);
  return total;
}

import type { ContentClass } from '../../classify/index.js';
import type { Block } from '../../transcript/index.js';
import type { RetrievalWords } from '../session/words.js';
import { hasMediaSource } from '../view/media.js';
import { stubLine, summaryHeader } from './labels.js';

/**
 * The text of a block's shortened forms: a summary under its header line, or a stub's one line.
 * Settling builds them once (ingest/variants.ts); a one-shot garden builds them again, byte for
 * byte, for what it let go (read-back.ts).
 */

export interface TextLike {
  cls: ContentClass;
  id: string;
  hint: string;
  note?: string;
  /** Tokens of the original text. */
  before: number;
  /** Compressor output when it helped. */
  summary?: string;
  /** Tokens of `summary`. */
  summaryTokens?: number;
  words: RetrievalWords;
}

/** Summary text: the header line, then the compressor's output. */
export function summaryText(input: TextLike & { summary: string; summaryTokens: number }): string {
  return `${summaryHeader({ what: input.cls, before: input.before, after: input.summaryTokens, id: input.id, hint: input.hint, words: input.words })}\n${input.summary}`;
}

/** Stub text: one line that says what the original was and how to get it back. */
export function stubText(input: TextLike): string {
  return stubLine({
    what: input.cls,
    before: input.before,
    id: input.id,
    hint: input.hint,
    words: input.words,
    ...(input.note ? { note: input.note } : {}),
  });
}

/**
 * A text block or tool_result as its shortened forms show it: its text replaced, every other field
 * kept; a tool_result's content that was a string stays a string, and its parts that are neither
 * text nor media (tool references…) are kept after the text.
 */
export function withShortText(block: Block, text: string): Block {
  if (block.type === 'text') return { ...block, text };
  if (block.type !== 'tool_result') return block;
  if (typeof block.content === 'string' || block.content === undefined) return { ...block, content: text };
  const kept = block.content.filter((part) => part.type !== 'text' && !hasMediaSource(part));
  return { ...block, content: [{ type: 'text', text }, ...kept] };
}

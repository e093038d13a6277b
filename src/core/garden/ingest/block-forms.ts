import { createHash } from 'node:crypto';
import { classify } from '../../classify/index.js';
import { hintCommand, hintPath } from '../../classify/index.js';
import type { ClassifyHints, ContentClass } from '../../classify/index.js';
import { compress } from '../../compress/index.js';
import { extractTerms, recallHint } from '../../names/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import { blockText } from '../../transcript/index.js';
import type { Block } from '../../transcript/index.js';
import type { TextLike } from '../render/form-text.js';
import { TOOL_WORDS } from '../session/words.js';
import type { Form } from '../view/slot.js';
import type { ToolCall } from '../view/view.js';
import { MIN_COMPRESS_TOKENS } from './ingest.js';
import { textVariants, toolResultVariants } from './variants.js';

/** A tool result's forms as gardener builds them: original, summary (when the compressor helped), stub. */
export interface BlockForms {
  blocks: Partial<Record<Form, Block>>;
  tokens: Partial<Record<Form, number>>;
  /** The summary's text, to tell which needles it still shows. */
  summaryText?: string;
  /** The class the block was given. */
  cls: ContentClass;
}

/**
 * Classifies and compresses one tool result (a tool_result block, or an observation text) the way
 * the engine's settle step does, and builds its summary and stub with the engine's own labels,
 * without a store: the id is a hash of the text, and nothing is redacted. What `gardener bench`'s
 * oracle weighs a block's forms by.
 */
export function blockForms(block: Block, call: ToolCall | undefined, tokenizer: Tokenizer): BlockForms {
  const text = blockText(block);
  const hints: ClassifyHints =
    block.type === 'tool_result'
      ? {
          role: 'user',
          blockType: 'tool_result',
          ...(call ? { toolName: call.name, toolInput: call.input } : {}),
          ...(block.is_error ? { isError: true } : {}),
        }
      : { role: 'user', blockType: 'text', isUserTyped: false };
  const path = call ? hintPath({ ...hints, role: 'assistant', blockType: 'tool_use' }) : undefined;
  const command = call ? hintCommand({ ...hints, role: 'assistant', blockType: 'tool_use' }) : undefined;
  const cls = classify(text, { ...hints, ...(path ? { path } : {}), ...(command ? { command } : {}) });
  const before = tokenizer.count(text);
  const info: TextLike = {
    cls,
    id: createHash('sha256').update(text).digest('hex').slice(0, 8),
    hint: recallHint({
      text,
      terms: extractTerms(text),
      ...(path ? { path } : {}),
      ...(command ? { command } : {}),
    }),
    before,
    words: TOOL_WORDS,
  };
  if (cls !== 'prompt' && before >= MIN_COMPRESS_TOKENS) {
    const result = compress(cls, text, {
      ...(path ? { path } : {}),
      ...(call ? { toolName: call.name } : {}),
      ...(command ? { command } : {}),
    });
    const summaryTokens = result.helped ? tokenizer.count(result.text) : before;
    if (result.helped && result.text.trim() !== '' && summaryTokens < before) {
      info.summary = result.text;
      info.summaryTokens = summaryTokens;
    }
    if (result.note) info.note = result.note;
  }
  const variants =
    block.type === 'tool_result'
      ? toolResultVariants(tokenizer, block, info)
      : block.type === 'text'
        ? textVariants(tokenizer, block, info)
        : { blocks: { original: block }, tokens: { original: tokenizer.count(text) } };
  return { ...variants, cls, ...(info.summary !== undefined ? { summaryText: info.summary } : {}) };
}

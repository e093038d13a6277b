import type { ContentClass } from '../../classify/index.js';
import { countBlock } from '../../tokens/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import type { Block } from '../../transcript/index.js';
import { stubText, summaryText, withShortText, type TextLike } from '../render/form-text.js';
import { mediaRepeatLine, mediaStubLine } from '../render/labels.js';
import type { RetrievalWords } from '../session/words.js';
import { hasMediaSource } from '../view/media.js';
import type { Form, MediaInfo } from '../view/slot.js';
import { fieldName, replaceFields, type FieldPath } from './tool-input.js';

/**
 * The shortened forms of a block, built once when it is ingested (they depend only on the block and
 * its entry id), so every later render of the same form is byte-identical.
 */
export interface Variants {
  /** Rendered block per form; a tool_result's media parts are left out (their own slots render them). */
  blocks: Partial<Record<Form, Block>>;
  tokens: Partial<Record<Form, number>>;
}

/** Forms of a text block (assistant prose, an observation in text-only formats…): it stays a text block. */
export function textVariants(
  tokenizer: Tokenizer,
  block: Block & { type: 'text' },
  info: TextLike,
): Variants {
  const blocks: Partial<Record<Form, Block>> = {
    original: block,
    stub: withShortText(block, stubText(info)),
  };
  if (info.summary !== undefined && info.summaryTokens !== undefined) {
    blocks.summary = withShortText(
      block,
      summaryText({ ...info, summary: info.summary, summaryTokens: info.summaryTokens }),
    );
  }
  return withTokens(tokenizer, blocks);
}

/**
 * Forms of a tool_result: the same tool_use_id and is_error, its text replaced; content that was a
 * string stays a string. Parts that are neither text nor media (tool references…) are kept as they are.
 */
export function toolResultVariants(
  tokenizer: Tokenizer,
  block: Block & { type: 'tool_result' },
  info: TextLike | undefined,
): Variants {
  const originalBlock = withoutMedia(block);
  const blocks: Partial<Record<Form, Block>> = { original: originalBlock };
  if (info !== undefined) {
    blocks.stub = withShortText(block, stubText(info));
    if (info.summary !== undefined && info.summaryTokens !== undefined) {
      blocks.summary = withShortText(
        block,
        summaryText({ ...info, summary: info.summary, summaryTokens: info.summaryTokens }),
      );
    }
  }
  return withTokens(tokenizer, blocks);
}

export interface FieldSummary {
  path: FieldPath;
  cls: ContentClass;
  before: number;
  summary?: string;
  summaryTokens?: number;
  note?: string;
}

/** How a stored entry's shortened forms name it: its id, its recall hint, and the door's way back. */
export interface EntryLabel {
  id: string;
  hint: string;
  words: RetrievalWords;
}

/** Forms of a tool_use whose input holds large string fields: each field shortened in place, the input still an object. */
export function toolUseVariants(
  tokenizer: Tokenizer,
  block: Block & { type: 'tool_use' },
  fields: readonly FieldSummary[],
  entry: EntryLabel,
): Variants {
  const { id, hint, words } = entry;
  const input = (block.input ?? {}) as Record<string, unknown>;
  const label = (f: FieldSummary) => ({
    cls: f.cls,
    id,
    hint,
    words,
    before: f.before,
    ...(f.note ? { note: f.note } : {}),
  });
  const stubInput = replaceFields(
    input,
    fields.map((f) => ({ path: f.path, value: `${fieldName(f.path)}: ${stubText(label(f))}` })),
  );
  const blocks: Partial<Record<Form, Block>> = { original: block, stub: { ...block, input: stubInput } };
  if (fields.some((f) => f.summary !== undefined)) {
    const summaryInput = replaceFields(
      input,
      fields.map((f) => ({
        path: f.path,
        value:
          f.summary !== undefined && f.summaryTokens !== undefined
            ? summaryText({ ...label(f), summary: f.summary, summaryTokens: f.summaryTokens })
            : `${fieldName(f.path)}: ${stubText(label(f))}`,
      })),
    );
    blocks.summary = { ...block, input: summaryInput };
  }
  return withTokens(tokenizer, blocks);
}

/** Forms of an image or document: the original, or one line (a repeat reference, or a stub of an old one). */
export function mediaVariants(
  tokenizer: Tokenizer,
  block: Block,
  media: MediaInfo,
  entry: { id: string; repeat: boolean; words: RetrievalWords },
): Variants {
  const { id, repeat, words } = entry;
  const before = countBlock(tokenizer, block);
  const line = repeat
    ? mediaRepeatLine({
        what: media.type,
        mediaType: media.mediaType,
        bytes: media.bytes,
        id,
        hash: media.hash,
      })
    : mediaStubLine({ what: media.type, mediaType: media.mediaType, bytes: media.bytes, id, before, words });
  return withTokens(tokenizer, { original: block, stub: { type: 'text', text: line } });
}

/** A tool_result with its media parts removed (they are counted and rendered by their own slots). */
function withoutMedia(block: Block & { type: 'tool_result' }): Block {
  if (!Array.isArray(block.content) || !block.content.some((part) => hasMediaSource(part))) return block;
  return { ...block, content: block.content.filter((part) => !hasMediaSource(part)) };
}

function withTokens(tokenizer: Tokenizer, blocks: Partial<Record<Form, Block>>): Variants {
  const tokens: Partial<Record<Form, number>> = {};
  for (const [form, block] of Object.entries(blocks) as Array<[Form, Block]>)
    tokens[form] = countBlock(tokenizer, block);
  return { blocks, tokens };
}

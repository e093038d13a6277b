/**
 * Why a block went out of a one-shot `gardener compress` as it came: the engine's reasons, checked
 * in its order (src/core/garden/plan/window.ts `protection`, ingest/settle.ts `summarize`,
 * garden.ts `compactAll`), on the block's own forms built the way settling builds them.
 */
import { createHash } from 'node:crypto';
import { classify } from '../../src/core/classify/classify.js';
import { hintCommand, hintPath } from '../../src/core/classify/index.js';
import type { ClassifyHints, ContentClass } from '../../src/core/classify/types.js';
import { compress } from '../../src/core/compress/index.js';
import { MIN_COMPRESS_TOKENS } from '../../src/core/garden/ingest/ingest.js';
import { textVariants, toolResultVariants } from '../../src/core/garden/ingest/variants.js';
import type { TextLike } from '../../src/core/garden/render/form-text.js';
import { TOOL_WORDS } from '../../src/core/garden/session/words.js';
import { extractTerms, recallHint } from '../../src/core/names/index.js';
import { largeFields } from '../../src/core/garden/ingest/tool-input.js';
import { toolUseVariants, type FieldSummary } from '../../src/core/garden/ingest/variants.js';
import type { Tokenizer } from '../../src/core/tokens/index.js';
import { countBlock } from '../../src/core/tokens/index.js';
import { blockText } from '../../src/core/transcript/blocks.js';
import type { Block } from '../../src/core/transcript/types.js';

/** The reasons a block stays original, in the order the engine meets them. */
export const REASONS = [
  'fixed: thinking',
  'fixed: tool call (no large field)',
  'fixed: empty or other type',
  'media',
  'prompt (typed)',
  'window (newest message)',
  'under 64 tokens: no summary built',
  'compressor declined',
  'summary not smaller',
  'summary form not smaller',
  'under --min-tokens',
  'unexplained',
] as const;
export type Reason = (typeof REASONS)[number];

/** Where a block sits and what produced it. */
export interface BlockPlace {
  role: 'user' | 'assistant';
  /** Typed by the user (a prompt), not tool output. */
  typed: boolean;
  /** In the newest message: the one-shot window keeps it. */
  newest: boolean;
  /** The tool call a tool result answers. */
  call?: { name: string; input: Record<string, unknown> };
}

/** The class a breakdown counts a block under (the engine's: fixed blocks are `other`). */
export function breakdownClassOf(block: Block, place: BlockPlace, tokenizer: Tokenizer): string {
  const fixed = fixedReason(block);
  if (fixed === 'media') return 'media';
  if (fixed !== undefined) return 'other';
  if (place.typed) return 'prompt';
  if (block.type === 'tool_use') return fieldSummaries(block, tokenizer).largest.cls;
  return classOf(block, place);
}

/** A tool call's large fields (a file it writes, a script) summarised as settling does, each classified as a read of its path. */
function fieldSummaries(
  block: Block & { type: 'tool_use' },
  tokenizer: Tokenizer,
): { fields: FieldSummary[]; largest: FieldSummary } {
  const input = (block.input ?? {}) as Record<string, unknown>;
  const path = hintPath({ role: 'assistant', blockType: 'tool_use', toolName: block.name, toolInput: input });
  const hints: ClassifyHints = {
    role: 'assistant',
    blockType: 'tool_result',
    ...(path ? { toolName: 'Read', path } : {}),
  };
  const fields = largeFields(block.input).map((field): FieldSummary => {
    const cls = classify(field.text, hints);
    const before = tokenizer.count(field.text);
    if (before < MIN_COMPRESS_TOKENS) return { path: field.path, cls, before };
    const result = compress(cls, field.text, { ...(path ? { path } : {}), toolName: block.name });
    const summaryTokens = tokenizer.count(result.text);
    return result.helped && result.text.trim() !== '' && summaryTokens < before
      ? { path: field.path, cls, before, summary: result.text, summaryTokens }
      : { path: field.path, cls, before };
  });
  const largest = fields.reduce((a, b) => (b.before > a.before ? b : a));
  return { fields, largest };
}

function whyToolCallOriginal(
  block: Block & { type: 'tool_use' },
  tokenizer: Tokenizer,
  minTokens: number,
): Why {
  const { fields } = fieldSummaries(block, tokenizer);
  const before = fields.reduce((sum, f) => sum + f.before, 0);
  if (fields.every((f) => f.before < MIN_COMPRESS_TOKENS))
    return { reason: 'under 64 tokens: no summary built' };
  if (fields.every((f) => f.summary === undefined)) return { reason: 'compressor declined' };
  const forms = toolUseVariants(tokenizer, block, fields, { id: 'abcd1234', hint: '', words: TOOL_WORDS });
  return smallerForm(forms.tokens, countBlock(tokenizer, block), before, minTokens);
}

/** Why a block stayed original, and the tokens of its summary form when that form is smaller. */
export interface Why {
  reason: Reason;
  summaryForm?: number;
}

function smallerForm(
  tokens: { original?: number; summary?: number },
  counted: number,
  before: number,
  minTokens: number,
): Why {
  const original = tokens.original ?? counted;
  const summary = tokens.summary ?? original;
  if (summary >= original) return { reason: 'summary form not smaller' };
  return { reason: before < minTokens ? 'under --min-tokens' : 'unexplained', summaryForm: summary };
}

/**
 * Why the engine left this block as it came (`minTokens` is the door's --min-tokens), and for a
 * block the window or --min-tokens kept, the tokens of its summary form.
 */
export function whyOriginal(block: Block, place: BlockPlace, tokenizer: Tokenizer, minTokens: number): Why {
  const fixed = fixedReason(block);
  if (fixed !== undefined) return { reason: fixed };
  if (place.typed) return { reason: 'prompt (typed)' };
  if (place.newest) {
    const outside = whyOriginal(block, { ...place, newest: false }, tokenizer, 0);
    return {
      reason: 'window (newest message)',
      ...(outside.summaryForm !== undefined ? { summaryForm: outside.summaryForm } : {}),
    };
  }
  if (block.type === 'tool_use') return whyToolCallOriginal(block, tokenizer, minTokens);
  const text = blockText(block);
  const before = tokenizer.count(text);
  if (before < MIN_COMPRESS_TOKENS) return { reason: 'under 64 tokens: no summary built' };
  const cls = classOf(block, place);
  if (cls === 'prompt') return { reason: 'prompt (typed)' };
  const hints = toolHints(place);
  const result = compress(cls, text, {
    ...(place.role === 'assistant' ? { reasoning: true } : {}),
    ...(hints.path ? { path: hints.path } : {}),
    ...(place.call ? { toolName: place.call.name } : {}),
    ...(hints.command ? { command: hints.command } : {}),
  });
  if (!result.helped || result.text.trim() === '') return { reason: 'compressor declined' };
  const summaryTokens = tokenizer.count(result.text);
  if (summaryTokens >= before) return { reason: 'summary not smaller' };
  const info: TextLike = {
    cls,
    id: createHash('sha256').update(text).digest('hex').slice(0, 8),
    hint: recallHint({ text, terms: extractTerms(text) }),
    before,
    words: TOOL_WORDS,
    summary: result.text,
    summaryTokens,
  };
  const forms =
    block.type === 'tool_result'
      ? toolResultVariants(tokenizer, block, info)
      : textVariants(tokenizer, block as Block & { type: 'text' }, info);
  return smallerForm(forms.tokens, countBlock(tokenizer, block), before, minTokens);
}

function fixedReason(block: Block): Reason | undefined {
  switch (block.type) {
    case 'thinking':
    case 'redacted_thinking':
      return 'fixed: thinking';
    case 'image':
    case 'document':
      return 'media';
    case 'tool_use':
      return largeFields(block.input).length === 0 ? 'fixed: tool call (no large field)' : undefined;
    case 'text':
      return block.text === '' ? 'fixed: empty or other type' : undefined;
    case 'tool_result':
      return blockText(block) === '' ? 'fixed: empty or other type' : undefined;
    default:
      return 'fixed: empty or other type';
  }
}

function classOf(block: Block, place: BlockPlace): ContentClass {
  const hints: ClassifyHints =
    block.type === 'tool_result'
      ? {
          role: 'user',
          blockType: 'tool_result',
          ...(place.call ? { toolName: place.call.name, toolInput: place.call.input } : {}),
          ...(block.is_error ? { isError: true } : {}),
          ...toolHints(place),
        }
      : place.role === 'assistant'
        ? { role: 'assistant', blockType: block.type }
        : { role: 'user', blockType: 'text', isUserTyped: false };
  return classify(blockText(block), hints);
}

function toolHints(place: BlockPlace): { path?: string; command?: string } {
  if (!place.call) return {};
  const asUse: ClassifyHints = {
    role: 'assistant',
    blockType: 'tool_use',
    toolName: place.call.name,
    toolInput: place.call.input,
  };
  const path = hintPath(asUse);
  const command = hintCommand(asUse);
  return { ...(path ? { path } : {}), ...(command ? { command } : {}) };
}

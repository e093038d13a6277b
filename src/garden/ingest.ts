import { hintCommand, hintPath } from '../classify/tools.js';
import type { ClassifyHints, ContentClass } from '../classify/types.js';
import type { CompressContext, Summary } from '../compress/types.js';
import type { Scope, Store } from '../store/types.js';
import { countBlock } from '../tokens/count.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { toolResultText } from '../transcript/blocks.js';
import type { Block } from '../transcript/types.js';
import { partKey } from './identity.js';
import { describeMedia, hasMediaSource, mediaInfo } from './media.js';
import { BASE_PRIORITY, MEDIA_PRIORITY } from './priority.js';
import { extractTerms, recallHint } from './terms.js';
import { largeFields } from './tool-input.js';
import type { GardenCounters, Slot } from './types.js';
import {
  mediaVariants,
  textVariants,
  toolResultVariants,
  toolUseVariants,
  type FieldSummary,
  type TextLike,
} from './variants.js';

/** Texts shorter than this (tokens) are stored as they are: a summary header would cost more than it saves. */
export const MIN_COMPRESS_TOKENS = 64;
/** The store needs a content class; media entries (kind `media`) are filed under this one. */
export const MEDIA_STORE_CLASS: ContentClass = 'structured';

export type ClassifyFn = (text: string, hints: ClassifyHints) => ContentClass;
export type CompressFn = (cls: ContentClass, text: string, context: CompressContext) => Summary;

export interface IngestDeps {
  store: Store;
  scope: Scope;
  tokenizer: Tokenizer;
  classify: ClassifyFn;
  compress: CompressFn;
  counters: GardenCounters;
}

/** Where a block sits and what is known about it. */
export interface BlockPlace {
  key: string;
  message: number;
  index: number;
  role: string;
  typed: boolean;
  turn: number;
  /** The tool call a tool_result answers. */
  toolUse?: { name: string; input: Record<string, unknown> };
  /** An earlier block of this transcript carried the same media (so this one is a repeat). */
  isRepeat?: (hash: string) => boolean;
}

/**
 * The slot of a block seen for the first time. Text, tool results and tool calls with large fields
 * are registered with their exact token count and left pending: settleSlot() classifies, compresses
 * and stores them later (DESIGN.md invariant 1 holds: nothing pending is ever shortened). Images and
 * documents are stored at once (the manifest decides repeats now). Blocks gardener does not shorten
 * (thinking, unknown types, small tool calls) become fixed slots and are not stored.
 */
export function registerBlock(block: Block, place: BlockPlace, deps: IngestDeps): Slot {
  // Block types are open-ended (unknown ones pass through), hence tests rather than a switch.
  if (block.type === 'text') {
    if (block.text === '') return fixedSlot(block, place, deps.tokenizer);
    return pendingSlot(block, place, 'text', block.text, deps, place.typed ? { cls: 'prompt' } : {});
  }
  if (block.type === 'tool_result') return registerToolResult(block, place, deps);
  if (block.type === 'tool_use') {
    if (largeFields(block.input).length === 0) return fixedSlot(block, place, deps.tokenizer);
    return pendingSlot(block, place, 'tool_use', JSON.stringify(block.input ?? {}), deps, {});
  }
  if (block.type === 'image' || block.type === 'document')
    return ingestMedia(block, place, -1, deps) ?? fixedSlot(block, place, deps.tokenizer);
  return fixedSlot(block, place, deps.tokenizer);
}

/** A tool result: its media parts stored now (their own slots), its text pending. */
function registerToolResult(
  block: Block & { type: 'tool_result' },
  place: BlockPlace,
  deps: IngestDeps,
): Slot {
  const children: Slot[] = [];
  if (Array.isArray(block.content)) {
    block.content.forEach((part, i) => {
      if (!hasMediaSource(part)) return;
      const child = ingestMedia(part as Block, { ...place, key: partKey(place.key, i) }, i, deps);
      if (child) children.push(child);
    });
  }
  const text = toolResultText(block.content);
  const variants = toolResultVariants(deps.tokenizer, block, undefined);
  const slot: Slot =
    text === ''
      ? { ...fixedSlot(block, place, deps.tokenizer), ...variants }
      : {
          ...pendingSlot(
            block,
            place,
            'tool_result',
            text,
            deps,
            place.toolUse ? { tool: place.toolUse } : {},
          ),
          ...variants,
        };
  return children.length > 0 ? { ...slot, children } : slot;
}

/** Classifies, compresses and stores a pending slot, and builds its shortened forms. */
export function settleSlot(slot: Slot, deps: IngestDeps): void {
  if (!slot.pending) return;
  switch (slot.kind) {
    case 'text':
      settleText(slot, deps);
      break;
    case 'tool_result':
      settleToolResult(slot, deps);
      break;
    case 'tool_use':
      settleToolUse(slot, deps);
      break;
    case 'media':
    case 'fixed':
      break;
  }
  delete slot.pending;
}

/** A block passed through as it is: always in its original form, never stored. */
export function fixedSlot(
  block: Block,
  place: Pick<BlockPlace, 'key' | 'message' | 'index' | 'role' | 'turn'>,
  tokenizer: Tokenizer,
  tokens?: number,
): Slot {
  return {
    ...position(place),
    kind: 'fixed',
    typed: false,
    block,
    text: '',
    hint: '',
    terms: [],
    textTokens: 0,
    blocks: { original: block },
    tokens: { original: tokens ?? countBlock(tokenizer, block) },
    form: 'original',
  };
}

function pendingSlot(
  block: Block,
  place: BlockPlace,
  kind: Slot['kind'],
  text: string,
  deps: IngestDeps,
  extra: Partial<Slot>,
): Slot {
  return {
    ...position(place),
    kind,
    typed: place.typed,
    block,
    text,
    hint: '',
    terms: [],
    textTokens: 0,
    blocks: { original: block },
    tokens: { original: countBlock(deps.tokenizer, block) },
    form: 'original',
    pending: true,
    ...extra,
  };
}

function settleText(slot: Slot, deps: IngestDeps): void {
  const block = slot.block as Block & { type: 'text' };
  // User text that is not typed (an observation in formats without tool blocks) is tool output.
  const observation = slot.role === 'user' && !slot.typed ? { isUserTyped: false } : {};
  const cls =
    slot.cls ?? deps.classify(block.text, { role: asRole(slot.role), blockType: 'text', ...observation });
  // The agent's own text is its reasoning: prose summaries of it keep the opening, needles and actions.
  const stored = storeText(slot, cls, {}, deps, slot.role === 'assistant' ? { reasoning: true } : {});
  Object.assign(slot, stored.fields, textVariants(deps.tokenizer, block, stored.info));
}

function settleToolResult(slot: Slot, deps: IngestDeps): void {
  const block = slot.block as Block & { type: 'tool_result' };
  const hints = toolHints(slot.tool);
  const cls = deps.classify(slot.text, {
    role: 'user',
    blockType: 'tool_result',
    ...hints,
    ...(block.is_error ? { isError: true } : {}),
  });
  const stored = storeText(slot, cls, hints, deps);
  Object.assign(slot, stored.fields, toolResultVariants(deps.tokenizer, block, stored.info));
}

function settleToolUse(slot: Slot, deps: IngestDeps): void {
  const block = slot.block as Block & { type: 'tool_use' };
  const fields = largeFields(block.input);
  const input = (block.input ?? {}) as Record<string, unknown>;
  const hints = { toolName: block.name, toolInput: input, ...pathHint(block.name, input) };
  // A large field is a file body or a script: classify it as a read of that path would be.
  const fieldHints = {
    role: 'assistant' as const,
    blockType: 'tool_result',
    ...(hints.path ? { toolName: 'Read', path: hints.path } : {}),
  };
  const summaries: FieldSummary[] = fields.map((field) => {
    const cls = deps.classify(field.text, fieldHints);
    const before = deps.tokenizer.count(field.text);
    return { path: field.path, cls, before, ...summarize(cls, field.text, before, hints, deps) };
  });
  const largest = summaries.reduce((a, b) => (b.before > a.before ? b : a));
  const terms = extractTerms(fields.map((f) => f.text).join('\n'));
  const hint = recallHint({
    text: largest.summary ?? '',
    terms,
    ...(hints.path ? { path: hints.path } : {}),
  });
  const result = deps.store.ingest({
    scope: deps.scope,
    class: largest.cls,
    sourceTool: block.name,
    ...(hints.path ? { sourcePath: hints.path } : {}),
    original: slot.text,
    summary: summaries.map((s) => s.summary ?? '').join('\n') || slot.text,
    tokensOriginal: deps.tokenizer.count(slot.text),
    tokensSummary: summaries.reduce((sum, s) => sum + (s.summaryTokens ?? s.before), 0),
    priority: BASE_PRIORITY[largest.cls],
    blockKey: slot.key,
  });
  deps.counters.blocksIngested++;
  Object.assign(slot, {
    cls: largest.cls,
    entryId: result.id,
    hint,
    terms,
    textTokens: summaries.reduce((sum, s) => sum + s.before, 0),
    sourceTool: block.name,
    ...(hints.path ? { sourcePath: hints.path } : {}),
    ...toolUseVariants(deps.tokenizer, block, summaries, result.id, hint),
  });
}

function ingestMedia(block: Block, place: BlockPlace, part: number, deps: IngestDeps): Slot | undefined {
  const media = mediaInfo(block);
  if (media === undefined) return undefined;
  const row = deps.store.manifestGet(deps.scope, media.hash);
  let entryId = row?.entryId;
  if (entryId === undefined) {
    const summary = describeMedia(media);
    entryId = deps.store.ingest({
      scope: deps.scope,
      class: MEDIA_STORE_CLASS,
      kind: 'media',
      original: JSON.stringify(block),
      summary,
      tokensOriginal: countBlock(deps.tokenizer, block),
      tokensSummary: deps.tokenizer.count(summary),
      priority: MEDIA_PRIORITY,
      blockKey: place.key,
    }).id;
    deps.store.manifestPut(deps.scope, {
      hash: media.hash,
      entryId,
      mediaType: media.mediaType,
      bytes: media.bytes,
    });
    deps.counters.blocksIngested++;
  }
  const variants = mediaVariants(
    deps.tokenizer,
    block,
    media,
    entryId,
    place.isRepeat?.(media.hash) ?? false,
  );
  return {
    ...position(place),
    part,
    kind: 'media',
    typed: false,
    block,
    entryId,
    text: '',
    hint: `${media.type} ${media.hash.slice(0, 12)}`,
    terms: [],
    textTokens: variants.tokens.original ?? 0,
    media,
    ...variants,
    form: 'original',
  };
}

interface StoredText {
  fields: Pick<
    Slot,
    'cls' | 'entryId' | 'hint' | 'terms' | 'textTokens' | 'sourceTool' | 'sourcePath' | 'note'
  >;
  info: TextLike;
}

type ToolHints = Pick<ClassifyHints, 'toolName' | 'toolInput' | 'path' | 'command'>;

function storeText(
  slot: Slot,
  cls: ContentClass,
  hints: ToolHints,
  deps: IngestDeps,
  authorship: Pick<CompressContext, 'reasoning'> = {},
): StoredText {
  const text = slot.text;
  const before = deps.tokenizer.count(text);
  const summary = summarize(cls, text, before, hints, deps, authorship);
  const terms = extractTerms(text);
  const hint = recallHint({
    text,
    terms,
    ...(hints.path ? { path: hints.path } : {}),
    ...(hints.command ? { command: hints.command } : {}),
  });
  const result = deps.store.ingest({
    scope: deps.scope,
    class: cls,
    ...(hints.toolName ? { sourceTool: hints.toolName } : {}),
    ...(hints.path ? { sourcePath: hints.path } : {}),
    original: text,
    summary: summary.summary ?? text,
    tokensOriginal: before,
    tokensSummary: summary.summaryTokens ?? before,
    priority: BASE_PRIORITY[cls],
    blockKey: slot.key,
  });
  deps.counters.blocksIngested++;
  const fields: StoredText['fields'] = {
    cls,
    entryId: result.id,
    hint,
    terms,
    textTokens: before,
    ...(hints.toolName ? { sourceTool: hints.toolName } : {}),
    ...(hints.path ? { sourcePath: hints.path } : {}),
    ...(summary.note ? { note: summary.note } : {}),
  };
  return { fields, info: { cls, id: result.id, hint, before, ...summary } };
}

/** The compressor's output when it makes the text shorter; nothing for prompts and short texts. */
function summarize(
  cls: ContentClass,
  text: string,
  before: number,
  hints: ToolHints,
  deps: IngestDeps,
  authorship: Pick<CompressContext, 'reasoning'> = {},
): { summary?: string; summaryTokens?: number; note?: string } {
  if (cls === 'prompt' || before < MIN_COMPRESS_TOKENS) return {};
  const context: CompressContext = {
    ...authorship,
    ...(hints.path ? { path: hints.path } : {}),
    ...(hints.toolName ? { toolName: hints.toolName } : {}),
    ...(hints.command ? { command: hints.command } : {}),
  };
  const result = deps.compress(cls, text, context);
  if (!result.helped || result.text.trim() === '') return {};
  const summaryTokens = deps.tokenizer.count(result.text);
  if (summaryTokens >= before) return {};
  return { summary: result.text, summaryTokens, ...(result.note ? { note: result.note } : {}) };
}

function toolHints(tool: Slot['tool']): ToolHints {
  if (!tool) return {};
  return { toolName: tool.name, toolInput: tool.input, ...pathHint(tool.name, tool.input) };
}

function pathHint(toolName: string, toolInput: Record<string, unknown>): { path?: string; command?: string } {
  const hints = { role: 'assistant' as const, blockType: 'tool_use', toolName, toolInput };
  const path = hintPath(hints);
  const command = hintCommand(hints);
  return { ...(path ? { path } : {}), ...(command ? { command } : {}) };
}

function position(
  place: Pick<BlockPlace, 'key' | 'message' | 'index' | 'role' | 'turn'>,
): Pick<Slot, 'key' | 'message' | 'index' | 'part' | 'role' | 'turn'> {
  return {
    key: place.key,
    message: place.message,
    index: place.index,
    part: -1,
    role: place.role,
    turn: place.turn,
  };
}

function asRole(role: string): 'user' | 'assistant' {
  return role === 'assistant' ? 'assistant' : 'user';
}

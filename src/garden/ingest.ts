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
import { mediaVariants, textVariants, toolResultVariants, toolUseVariants, type FieldSummary, type TextLike, type Variants } from './variants.js';

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
 * Builds the slot of a block seen for the first time: classify → compress → store (original and
 * summary in one transaction, DESIGN.md invariant 1), then its forms. Blocks gardener does not
 * shorten (thinking, unknown types) become fixed slots and are not stored.
 */
export function ingestBlock(block: Block, place: BlockPlace, deps: IngestDeps): Slot {
  switch (block.type) {
    case 'text':
      return block.text === '' ? fixedSlot(block, place, deps.tokenizer) : ingestText(block, place, deps);
    case 'tool_result':
      return ingestToolResult(block, place, deps);
    case 'tool_use':
      return ingestToolUse(block, place, deps);
    case 'image':
    case 'document':
      return ingestMedia(block, place, -1, deps) ?? fixedSlot(block, place, deps.tokenizer);
    default:
      return fixedSlot(block, place, deps.tokenizer);
  }
}

/** A block passed through as it is: always in its original form, never stored. */
export function fixedSlot(block: Block, place: Pick<BlockPlace, 'key' | 'message' | 'index' | 'role' | 'turn'>, tokenizer: Tokenizer, tokens?: number): Slot {
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

function ingestText(block: Block & { type: 'text' }, place: BlockPlace, deps: IngestDeps): Slot {
  const cls = place.typed ? 'prompt' : deps.classify(block.text, { role: asRole(place.role), blockType: 'text' });
  const stored = storeText(block.text, cls, {}, place, deps);
  return {
    ...position(place),
    ...stored.fields,
    kind: 'text',
    typed: place.typed,
    block,
    ...textVariants(deps.tokenizer, block, stored.info),
    form: 'original',
  };
}

function ingestToolResult(block: Block & { type: 'tool_result' }, place: BlockPlace, deps: IngestDeps): Slot {
  const text = toolResultText(block.content);
  const children: Slot[] = [];
  if (Array.isArray(block.content)) {
    block.content.forEach((part, i) => {
      if (!hasMediaSource(part)) return;
      const child = ingestMedia(part as Block, { ...place, key: partKey(place.key, i) }, i, deps);
      if (child) children.push(child);
    });
  }
  const hints = toolHints(place);
  let fields: StoredText['fields'] | undefined;
  let info: TextLike | undefined;
  if (text !== '') {
    const cls = deps.classify(text, { role: 'user', blockType: 'tool_result', ...hints, ...(block.is_error ? { isError: true } : {}) });
    const stored = storeText(text, cls, hints, place, deps);
    fields = stored.fields;
    info = stored.info;
  }
  const variants = toolResultVariants(deps.tokenizer, block, info);
  return {
    ...position(place),
    ...(fields ?? { text: '', hint: '', terms: [], textTokens: 0 }),
    kind: fields ? 'tool_result' : 'fixed',
    typed: false,
    block,
    ...variants,
    form: 'original',
    ...(children.length > 0 ? { children } : {}),
  };
}

function ingestToolUse(block: Block & { type: 'tool_use' }, place: BlockPlace, deps: IngestDeps): Slot {
  const fields = largeFields(block.input);
  if (fields.length === 0) return fixedSlot(block, place, deps.tokenizer);
  const input = (block.input ?? {}) as Record<string, unknown>;
  const hints = { toolName: block.name, toolInput: input, ...pathHint(block.name, input) };
  // A large field is a file body or a script: classify it as a read of that path would be.
  const fieldHints = { role: 'assistant' as const, blockType: 'tool_result', ...(hints.path ? { toolName: 'Read', path: hints.path } : {}) };
  const summaries: FieldSummary[] = fields.map((field) => {
    const cls = deps.classify(field.text, fieldHints);
    const before = deps.tokenizer.count(field.text);
    const summary = summarize(cls, field.text, before, hints, deps);
    return { path: field.path, cls, before, ...summary };
  });
  const original = JSON.stringify(input);
  const largest = summaries.reduce((a, b) => (b.before > a.before ? b : a));
  const terms = extractTerms(fields.map((f) => f.text).join('\n'));
  const hint = recallHint({ text: largest.summary ?? '', terms, ...(hints.path ? { path: hints.path } : {}) });
  const result = deps.store.ingest({
    scope: deps.scope,
    class: largest.cls,
    sourceTool: block.name,
    ...(hints.path ? { sourcePath: hints.path } : {}),
    original,
    summary: summaries.map((s) => s.summary ?? '').join('\n') || original,
    tokensOriginal: deps.tokenizer.count(original),
    tokensSummary: summaries.reduce((sum, s) => sum + (s.summaryTokens ?? s.before), 0),
    priority: BASE_PRIORITY[largest.cls],
    blockKey: place.key,
  });
  deps.counters.blocksIngested++;
  return {
    ...position(place),
    kind: 'tool_use',
    typed: false,
    block,
    cls: largest.cls,
    entryId: result.id,
    text: original,
    hint,
    terms,
    textTokens: summaries.reduce((sum, s) => sum + s.before, 0),
    sourceTool: block.name,
    ...(hints.path ? { sourcePath: hints.path } : {}),
    ...toolUseVariants(deps.tokenizer, block, summaries, result.id, hint),
    form: 'original',
  };
}

function ingestMedia(block: Block, place: BlockPlace, part: number, deps: IngestDeps): Slot | undefined {
  const media = mediaInfo(block as { type: string; source?: unknown });
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
    deps.store.manifestPut(deps.scope, { hash: media.hash, entryId, mediaType: media.mediaType, bytes: media.bytes });
    deps.counters.blocksIngested++;
  }
  const repeat = place.isRepeat?.(media.hash) ?? false;
  const variants: Variants = mediaVariants(deps.tokenizer, block, media, entryId, repeat);
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
  fields: Pick<Slot, 'cls' | 'entryId' | 'text' | 'hint' | 'terms' | 'textTokens' | 'sourceTool' | 'sourcePath' | 'note'>;
  info: TextLike;
}

type ToolHints = Pick<ClassifyHints, 'toolName' | 'toolInput' | 'path' | 'command'>;

function storeText(text: string, cls: ContentClass, hints: ToolHints, place: BlockPlace, deps: IngestDeps): StoredText {
  const before = deps.tokenizer.count(text);
  const summary = summarize(cls, text, before, hints, deps);
  const terms = extractTerms(text);
  const hint = recallHint({ text, terms, ...(hints.path ? { path: hints.path } : {}), ...(hints.command ? { command: hints.command } : {}) });
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
    blockKey: place.key,
  });
  deps.counters.blocksIngested++;
  const fields: StoredText['fields'] = {
    cls,
    entryId: result.id,
    text,
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
function summarize(cls: ContentClass, text: string, before: number, hints: ToolHints, deps: IngestDeps): { summary?: string; summaryTokens?: number; note?: string } {
  if (cls === 'prompt' || before < MIN_COMPRESS_TOKENS) return {};
  const context: CompressContext = {
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

function toolHints(place: BlockPlace): ToolHints {
  if (!place.toolUse) return {};
  return { toolName: place.toolUse.name, toolInput: place.toolUse.input, ...pathHint(place.toolUse.name, place.toolUse.input) };
}

function pathHint(toolName: string, toolInput: Record<string, unknown>): { path?: string; command?: string } {
  const hints = { role: 'assistant' as const, blockType: 'tool_use', toolName, toolInput };
  const path = hintPath(hints);
  const command = hintCommand(hints);
  return { ...(path ? { path } : {}), ...(command ? { command } : {}) };
}

function position(place: Pick<BlockPlace, 'key' | 'message' | 'index' | 'role' | 'turn'>): Pick<Slot, 'key' | 'message' | 'index' | 'part' | 'role' | 'turn'> {
  return { key: place.key, message: place.message, index: place.index, part: -1, role: place.role, turn: place.turn };
}

function asRole(role: string): 'user' | 'assistant' {
  return role === 'assistant' ? 'assistant' : 'user';
}

import { countBlock } from '../../tokens/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import type { Block } from '../../transcript/index.js';
import { toolResultText } from '../../transcript/index.js';
import type { GardenCounters } from '../ledger/counters.js';
import { MEDIA_PRIORITY } from '../plan/priority.js';
import type { Session } from '../session/session.js';
import { describeMedia, hasMediaSource, mediaInfo } from '../view/media.js';
import type { Slot } from '../view/slot.js';
import { partKey } from './identity.js';
import { fixedSlot, MEDIA_STORE_CLASS, position, type BlockPlace } from './ingest.js';
import { largeFields, type LargeField } from './tool-input.js';
import { isOwnForm } from '../render/labels.js';
import { mediaVariants, toolResultVariants } from './variants.js';

/**
 * The slot of a block seen for the first time. Text, tool results and tool calls with large fields
 * are registered with their exact token count and left pending: settleSlot() classifies, compresses
 * and stores them later (docs/DESIGN.md invariant 1 holds: nothing pending is ever shortened). Images and
 * documents are stored at once (the manifest decides repeats now). Blocks gardener does not shorten
 * (thinking, unknown types, small tool calls, its own summaries and stubs) become fixed slots and
 * are not stored.
 */
export function registerBlock(
  block: Block,
  place: BlockPlace,
  session: Session,
  counters: GardenCounters,
): Slot {
  const { tokenizer } = session;
  // Block types are open-ended (unknown ones pass through), hence tests rather than a switch.
  if (block.type === 'text') {
    if (block.text === '' || isOwnForm(block.text, tokenizer)) return fixedSlot(block, place, tokenizer);
    return pendingSlot(block, place, tokenizer, {
      kind: 'text',
      text: block.text,
      ...(place.typed ? { cls: 'prompt' } : {}),
    });
  }
  if (block.type === 'tool_result') return registerToolResult(block, place, session, counters);
  if (block.type === 'tool_use') {
    if (ownLargeFields(block.input, tokenizer).length === 0) return fixedSlot(block, place, tokenizer);
    return pendingSlot(block, place, tokenizer, {
      kind: 'tool_use',
      text: JSON.stringify(block.input ?? {}),
    });
  }
  if (block.type === 'image' || block.type === 'document')
    return ingestMedia(block, place, -1, session, counters) ?? fixedSlot(block, place, tokenizer);
  return fixedSlot(block, place, tokenizer);
}

/** A tool result: its media parts stored now (their own slots), its text pending. */
function registerToolResult(
  block: Block & { type: 'tool_result' },
  place: BlockPlace,
  session: Session,
  counters: GardenCounters,
): Slot {
  const children: Slot[] = [];
  if (Array.isArray(block.content)) {
    block.content.forEach((part, i) => {
      if (!hasMediaSource(part)) return;
      const child = ingestMedia(
        part as Block,
        { ...place, key: partKey(place.key, i) },
        i,
        session,
        counters,
      );
      if (child) children.push(child);
    });
  }
  const text = toolResultText(block.content);
  const variants = toolResultVariants(session.tokenizer, block, undefined);
  const slot: Slot =
    text === '' || isOwnForm(text, session.tokenizer)
      ? fixedSlot(block, place, session.tokenizer)
      : pendingSlot(block, place, session.tokenizer, {
          kind: 'tool_result',
          text,
          ...(place.toolUse ? { tool: place.toolUse } : {}),
        });
  // Set on the new slot, not spread into a copy: V8 gives an object literal that starts with a
  // spread and adds fields a hidden class of its own, kilobytes for every block.
  slot.blocks = variants.blocks;
  slot.tokens = variants.tokens;
  if (children.length > 0) slot.children = children;
  return slot;
}

/** A tool call's large fields, but those gardener wrote as its own summaries (they stay as they are). */
export function ownLargeFields(input: unknown, tokenizer: Pick<Tokenizer, 'count'>): LargeField[] {
  return largeFields(input).filter((field) => !isOwnForm(field.text, tokenizer));
}

/** A slot registered and left pending: what it holds (kind, text), and its class or tool when known. */
function pendingSlot(
  block: Block,
  place: BlockPlace,
  tokenizer: Tokenizer,
  what: Pick<Slot, 'kind' | 'text' | 'cls' | 'tool'>,
): Slot {
  // Written out, not spread from position(): see fixedSlot. Every field settling (settle.ts) or a
  // one-shot garden (release.ts) may set later is declared here: added after the literal, they
  // would go to a property array of their own beside each slot.
  return {
    key: place.key,
    message: place.message,
    index: place.index,
    part: -1,
    role: place.role,
    turn: place.turn,
    kind: what.kind,
    typed: place.typed,
    block,
    text: what.text,
    hint: '',
    terms: [],
    textTokens: 0,
    blocks: { original: block },
    tokens: { original: countBlock(tokenizer, block) },
    form: 'original',
    pending: true,
    call: place.call,
    cls: what.cls,
    tool: what.tool,
    entryId: undefined,
    note: undefined,
    namesLeftOut: undefined,
    sourceTool: undefined,
    sourcePath: undefined,
    forgotten: undefined,
    released: undefined,
    children: undefined,
    tally: undefined,
  };
}

function ingestMedia(
  block: Block,
  place: BlockPlace,
  part: number,
  session: Session,
  counters: GardenCounters,
): Slot | undefined {
  const { store, scope, tokenizer } = session;
  const media = mediaInfo(block);
  if (media === undefined) return undefined;
  const row = store.manifestGet(scope, media.hash);
  let entryId = row?.entryId;
  if (entryId === undefined) {
    const summary = describeMedia(media);
    entryId = store.ingest({
      scope,
      class: MEDIA_STORE_CLASS,
      kind: 'media',
      original: JSON.stringify(block),
      summary,
      tokensOriginal: countBlock(tokenizer, block),
      tokensSummary: tokenizer.count(summary),
      priority: MEDIA_PRIORITY,
      blockKey: place.key,
    }).id;
    store.manifestPut(scope, {
      hash: media.hash,
      entryId,
      mediaType: media.mediaType,
      bytes: media.bytes,
    });
    counters.blocksIngested++;
  }
  const variants = mediaVariants(tokenizer, block, media, {
    id: entryId,
    repeat: place.isRepeat?.(media.hash) ?? false,
    words: session.config.retrieval,
  });
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
    tally: undefined,
  };
}

import { actionBefore, toolCallText } from './call.js';
import { fixedSlot, type IngestDeps } from './ingest.js';
import { registerBlock } from './register.js';
import { settleSlot } from './settle.js';
import { GardenerError } from '../../../errors.js';
import { countMessage, MESSAGE_OVERHEAD } from '../../tokens/index.js';
import type { Block, MessageParam, Transcript } from '../../transcript/index.js';
import { blockKey, messageKey } from './identity.js';
import { stripMessage } from './strip-message.js';
import { typedByUser } from './typed-by-user.js';
import type { Form, Slot } from '../types.js';
import type { MessageView, View } from '../state/view.js';

const KNOWN_ROLES: ReadonlySet<string> = new Set(['user', 'assistant']);

export interface SyncResult {
  /** Blocks seen for the first time. */
  added: number;
  /** Blocks registered but not stored yet (they wait in the working window; see settle()). */
  pending: number;
  /** Blocks recognised from an earlier sync. */
  known: number;
  /** Injected regions stripped from messages seen for the first time with them. */
  stripped: number;
  /** Blocks stored during this sync (and new ones passed through: `other`), by class; `media` for images and documents. */
  byClass: Record<string, { blocks: number; tokens: number }>;
}

export interface SyncDeps extends IngestDeps {
  /** Forms kept from an earlier process (sticky across restarts). */
  savedForms: ReadonlyMap<string, Form>;
  /** Messages whose injected regions were already counted (a door re-sends its history every call). */
  strippedSeen: Set<string>;
}

/**
 * Builds the view of a transcript, reusing the slots of blocks already seen (`previous`) and
 * ingesting the new ones. Injected regions are stripped first, so they are never stored.
 */
export function syncView(
  transcript: Transcript,
  previous: View,
  deps: SyncDeps,
): { view: View; result: SyncResult } {
  checkShape(transcript);
  const result: SyncResult = { added: 0, pending: 0, known: 0, stripped: 0, byClass: {} };
  const stripped: MessageParam[] = [];
  const strippedCounts: number[] = [];
  for (const message of transcript.messages) {
    const s = KNOWN_ROLES.has(message.role) ? stripMessage(message) : { message, stripped: 0 };
    stripped.push(s.message);
    strippedCounts.push(s.stripped);
  }
  const typed = typedByUser({ format: transcript.format, meta: transcript.meta, messages: stripped });
  const toolUses = new Map<string, { name: string; input: Record<string, unknown> }>();
  const view: View = { messages: [], byKey: new Map(), all: [], turns: 0, totals: undefined };
  /** Media seen so far in this transcript, by hash: the slots carrying it. */
  const media = new Map<string, Slot[]>();
  const taken = new Set<string>();

  const adopt = (slot: Slot, isNew: boolean) => {
    view.byKey.set(slot.key, slot);
    view.all.push(slot);
    for (const child of slot.children ?? []) {
      view.byKey.set(child.key, child);
      view.all.push(child);
    }
    for (const s of [slot, ...(slot.children ?? [])]) {
      if (isNew) {
        const saved = deps.savedForms.get(s.key);
        // A block an earlier process had shortened is outside the window: settle it now to restore its form.
        if (saved !== undefined && saved !== 'original') settleSlot(s, deps);
        s.form = initialForm(s, saved, media, deps);
        if (s.pending) result.pending++;
        else tally(result.byClass, s);
      }
      if (s.media) media.set(s.media.hash, [...(media.get(s.media.hash) ?? []), s]);
    }
    if (isNew) result.added++;
    else result.known++;
  };

  stripped.forEach((message, m) => {
    const turn = view.turns;
    const role = message.role as string;
    if (role === 'assistant') view.turns++;
    const isString = typeof message.content === 'string';
    const entry: MessageView = {
      role,
      source: message,
      isString,
      passthrough: !KNOWN_ROLES.has(role),
      slots: [],
      turn,
      figures: undefined,
    };
    view.messages.push(entry);
    if (entry.passthrough) {
      const key = messageKey(m, message.content);
      const known = previous.byKey.get(key);
      const slot =
        known ??
        fixedSlot(
          { type: 'text', text: '' },
          { key, message: m, index: 0, role, turn },
          deps.tokenizer,
          countMessage(deps.tokenizer, message) - MESSAGE_OVERHEAD,
        );
      relocate(slot, m, 0);
      entry.slots.push(slot);
      adopt(slot, known === undefined);
      return;
    }
    const blocks: Block[] = isString
      ? message.content === ''
        ? []
        : [{ type: 'text', text: message.content as string }]
      : (message.content as Block[]);
    blocks.forEach((block, b) => {
      if (block.type === 'tool_use' && typeof block.id === 'string') {
        toolUses.set(block.id, { name: block.name, input: (block.input ?? {}) as Record<string, unknown> });
      }
      const key = blockKey(m, b, block, taken);
      taken.add(key);
      const known = previous.byKey.get(key);
      let slot: Slot;
      if (known) {
        slot = known;
        relocate(slot, m, b);
      } else {
        const toolUse = block.type === 'tool_result' ? toolUses.get(block.tool_use_id) : undefined;
        const isTyped = block.type === 'text' && typed(m, b);
        const call = toolUse
          ? toolCallText(toolUse.name, toolUse.input)
          : role === 'user' && block.type === 'text' && !isTyped
            ? actionBefore(stripped[m - 1])
            : undefined;
        slot = registerBlock(
          block,
          {
            key,
            message: m,
            index: b,
            role,
            turn,
            typed: isTyped,
            ...(toolUse ? { toolUse } : {}),
            ...(call !== undefined ? { call } : {}),
            isRepeat: (hash) => media.has(hash),
          },
          deps,
        );
      }
      entry.slots.push(slot);
      adopt(slot, known === undefined);
    });
    const strippedHere = strippedCounts[m] ?? 0;
    const identity = entry.slots[0]?.key ?? `m${m}`;
    if (strippedHere > 0 && !deps.strippedSeen.has(identity)) {
      deps.strippedSeen.add(identity);
      result.stripped += strippedHere;
    }
  });
  return { view, result };
}

/**
 * The form a block starts in: the one saved by an earlier process, else original, except a repeated
 * image or document, which becomes a reference while an earlier copy is attached in full.
 */
function initialForm(
  slot: Slot,
  saved: Form | undefined,
  media: ReadonlyMap<string, Slot[]>,
  deps: SyncDeps,
): Form {
  if (saved !== undefined && slot.blocks[saved] !== undefined) return saved;
  if (slot.media) {
    const earlier = media.get(slot.media.hash) ?? [];
    if (earlier.some((s) => s.form === 'original') && slot.blocks.stub !== undefined) {
      deps.counters.mediaBytesDeduplicated += slot.media.bytes;
      return 'stub';
    }
  }
  return 'original';
}

function relocate(slot: Slot, message: number, index: number): void {
  slot.message = message;
  slot.index = index;
  for (const child of slot.children ?? []) child.message = message;
}

/** Adds a slot to a by-class tally. */
export function tally(byClass: SyncResult['byClass'], slot: Slot): void {
  const cls = slot.media ? 'media' : (slot.cls ?? 'other');
  const row = (byClass[cls] ??= { blocks: 0, tokens: 0 });
  row.blocks++;
  row.tokens += slot.tokens.original ?? 0;
}

/** Input the engine cannot read at all is an error naming where; structural API issues pass through. */
function checkShape(transcript: unknown): asserts transcript is Transcript {
  const fail = (where: string, what: string): never => {
    throw new GardenerError('INPUT_INVALID', what, { where: `transcript${where ? '.' + where : ''}` });
  };
  if (transcript === null || typeof transcript !== 'object') fail('', 'transcript must be an object');
  const messages = (transcript as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return fail('messages', 'messages must be an array');
  messages.forEach((message: unknown, i) => {
    if (message === null || typeof message !== 'object') fail(`messages.${i}`, 'message must be an object');
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (typeof role !== 'string') fail(`messages.${i}.role`, 'role must be a string');
    if (typeof content !== 'string' && !Array.isArray(content))
      fail(`messages.${i}.content`, 'content must be a string or an array of blocks');
    if (Array.isArray(content)) {
      content.forEach((block: unknown, j) => {
        if (
          block === null ||
          typeof block !== 'object' ||
          typeof (block as { type?: unknown }).type !== 'string'
        ) {
          fail(`messages.${i}.content.${j}`, 'block must be an object with a type');
        }
      });
    }
  });
}

import { countMessage, MESSAGE_OVERHEAD } from '../../tokens/index.js';
import type { Block, MessageParam, Transcript } from '../../transcript/index.js';
import { stripMessage } from '../../transcript/index.js';
import { thinkingKey } from '../../binding/index.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Session } from '../session/session.js';
import type { Form, Slot } from '../view/slot.js';
import { hasForm, indexMedia, indexSlot } from '../view/view-index.js';
import { thinkingRules } from '../view/thinking.js';
import type { MessageView, View } from '../view/view.js';
import { actionBefore, toolCallText } from './call.js';
import { blockKey, messageKey } from './identity.js';
import { fixedSlot } from './ingest.js';
import { commonPrefix, readingOf, recordInput } from './prefix.js';
import { registerBlock } from './register.js';
import { settleSlot } from './settle.js';
import { checkMessages, checkTranscript } from './shape.js';
import { askedBack } from './asked-back.js';
import { typedByUser, type TypedTest } from './typed-by-user.js';
import { truncateView } from './view-edit.js';

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

/**
 * What a sync reads and writes besides the view: the session it stores into, and the ledger's
 * counters, the forms kept from an earlier process (sticky across restarts; a form is taken out once
 * its block is seen) and the messages whose injected regions were already counted.
 */
export interface SyncDeps {
  session: Session;
  ledger: Pick<Ledger, 'counters' | 'savedForms' | 'strippedSeen' | 'thinking'>;
  /**
   * Called once message `m` and its blocks are in the view, before the next is read. Adding a
   * message reads the ones before it back to `READ_BACK` (user text: typed-by-user.ts, actionBefore).
   */
  afterMessage?: (m: number) => void;
}

/** How many messages before the one being added the sync reads: those a caller may not take yet. */
export const READ_BACK = 2;

/** One sync's working set. */
interface SyncRun {
  view: View;
  deps: SyncDeps;
  result: SyncResult;
  /** Slots of the messages that left the view, by key: a block seen again at another place keeps its slot. */
  removed: ReadonlyMap<string, Slot>;
  typed: TypedTest;
}

/**
 * Brings the view up to date with a transcript. The messages the view already holds unchanged (the
 * common prefix: ingest/prefix.ts) keep their entries and are not read again; the rest leave the
 * view and are read anew, blocks seen before keeping their slots. Injected regions are stripped
 * first, so they are never stored. The view is changed in place and returned.
 */
export function syncView(
  transcript: Transcript,
  view: View,
  deps: SyncDeps,
): { view: View; result: SyncResult; keep: number } {
  checkTranscript(transcript);
  const reading = readingOf(transcript);
  const extra = transcript.extra ?? {};
  const checked = deps.session.config.prefixCheck !== 'off';
  const rules = thinkingRules(extra['model'], extra['thinking'], checked);
  // Another model keeps or binds thinking differently: every message is read again.
  const sameRules = rules.counted === view.thinking.counted && rules.bound === view.thinking.bound;
  const keep = reading === view.reading && sameRules ? commonPrefix(view.inputs, transcript.messages) : 0;
  view.thinking = rules;
  checkMessages(transcript.messages, keep);
  view.reading = reading;
  const removed = truncateView(view, keep);
  const result: SyncResult = { added: 0, pending: 0, known: view.blocks, stripped: 0, byClass: {} };
  // The rule reads the messages up to the one asked about: each is added as it is read.
  const typed = typedByUser({ format: transcript.format, meta: transcript.meta, messages: view.sources });
  const run: SyncRun = { view, deps, result, removed, typed };
  for (let m = keep; m < transcript.messages.length; m++) {
    const message = transcript.messages[m] as MessageParam;
    const s = KNOWN_ROLES.has(message.role) ? stripMessage(message) : { message, stripped: 0 };
    view.inputs.push(recordInput(message));
    view.sources.push(s.message);
    addMessage(run, m, s.stripped);
    deps.afterMessage?.(m);
  }
  return { view, result, keep };
}

/** Adds message `m` (its stripped form is `view.sources[m]`) and its blocks to the view. */
function addMessage(run: SyncRun, m: number, strippedHere: number): void {
  const { view, deps } = run;
  const message = view.sources[m] as MessageParam;
  const turn = view.turns;
  const role = message.role as string;
  if (role === 'assistant') view.turns++;
  const entry: MessageView = {
    role,
    source: message,
    isString: typeof message.content === 'string',
    passthrough: !KNOWN_ROLES.has(role),
    slots: [],
    turn,
    figures: undefined,
    // Set by render and by a one-shot garden; declared here to be held in the object itself.
    rendered: undefined,
    shell: undefined,
  };
  view.messages.push(entry);
  view.uncounted.add(m);
  if (entry.passthrough) {
    const key = messageKey(m, message.content);
    const known = run.removed.get(key);
    const slot =
      known ??
      fixedSlot(
        { type: 'text', text: '' },
        { key, message: m, index: 0, role, turn },
        deps.session.tokenizer,
        countMessage(deps.session.tokenizer, message) - MESSAGE_OVERHEAD,
      );
    relocate(slot, m, 0);
    entry.slots.push(slot);
    adopt(run, slot, known === undefined);
    return;
  }
  const blocks: Block[] = entry.isString
    ? message.content === ''
      ? []
      : [{ type: 'text', text: message.content as string }]
    : (message.content as Block[]);
  blocks.forEach((block, b) => addBlock(run, entry, m, b, block));
  // An array filled by push keeps room for 16 more: a copy holds just the slots (most messages
  // hold one; at 20,000 messages the spare room was 2.5 MB of a one-shot process's heap).
  entry.slots = entry.slots.slice();
  const identity = messageIdentity(entry, m);
  const injected = deps.ledger.thinking.injections.get(identity);
  if (injected !== undefined)
    entry.injection = { text: injected, tokens: deps.session.tokenizer.count(injected) };
  if (strippedHere > 0 && !deps.ledger.strippedSeen.has(identity)) {
    deps.ledger.strippedSeen.add(identity);
    run.result.stripped += strippedHere;
  }
}

/** Adds block `b` of message `m`: the slot it had when seen before, else a new one. */
function addBlock(run: SyncRun, entry: MessageView, m: number, b: number, block: Block): void {
  const { view, deps } = run;
  if (block.type === 'tool_use' && typeof block.id === 'string') {
    const input = (block.input ?? {}) as Record<string, unknown>;
    view.toolCalls.set(block.id, { name: block.name, input });
  }
  const key = blockKey(m, b, block, view.byKey);
  const known = run.removed.get(key);
  let slot: Slot;
  if (known) {
    slot = known;
    relocate(slot, m, b);
  } else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
    slot = thinkingSlot(block, { key, message: m, index: b, role: entry.role, turn: entry.turn }, run);
  } else {
    const toolUse = block.type === 'tool_result' ? view.toolCalls.get(block.tool_use_id) : undefined;
    const isTyped = block.type === 'text' && run.typed(m, b);
    const callText = toolUse
      ? toolCallText(toolUse.name, toolUse.input)
      : entry.role === 'user' && block.type === 'text' && !isTyped
        ? actionBefore(view.sources[m - 1])
        : undefined;
    slot = registerBlock(
      block,
      {
        key,
        message: m,
        index: b,
        role: entry.role,
        turn: entry.turn,
        typed: isTyped,
        ...(toolUse ? { toolUse } : {}),
        ...(callText !== undefined ? { call: callText } : {}),
        isRepeat: (hash) => view.index.media.has(hash),
      },
      deps.session,
      deps.ledger.counters,
    );
  }
  if (!known) {
    const back = askedBack(view, slot, block, m);
    if (back) slot.broughtBack = { turn: view.turns, message: m };
  }
  if (slot.typed) view.lastTyped = Math.max(view.lastTyped, m);
  entry.slots.push(slot);
  adopt(run, slot, known === undefined);
}

/** A message's identity across syncs: its first block's key (what its injected context is kept by). */
export function messageIdentity(entry: Pick<MessageView, 'slots'>, m: number): string {
  return entry.slots[0]?.key ?? `m${m}`;
}

/**
 * A thinking block: passed through, counted where the model keeps earlier thinking in its context,
 * and left out if it was left out before (for good).
 */
function thinkingSlot(
  block: Block & { type: 'thinking' | 'redacted_thinking' },
  place: Parameters<typeof fixedSlot>[1],
  run: SyncRun,
): Slot {
  const { view, deps } = run;
  const tokens = view.thinking.counted
    ? thinkingTokens((text) => deps.session.tokenizer.count(text), block)
    : 0;
  const slot = fixedSlot(block, place, deps.session.tokenizer, tokens);
  slot.thinkingKey = thinkingKey(block as never);
  if (deps.ledger.thinking.dropped.has(slot.thinkingKey)) slot.dropped = true;
  return slot;
}

/**
 * Input tokens a thinking block sent back is billed: its reasoning, which the text shows only in
 * part or not at all (`display: "omitted"` sends it empty). The signed payload carries it encrypted,
 * so its size bounds it from below: base64 (4 characters a 3 bytes), about 4 bytes a token.
 */
export function thinkingTokens(
  count: (text: string) => number,
  block: Block & { type: 'thinking' | 'redacted_thinking' },
): number {
  const payload = block.type === 'thinking' ? block.signature : block.data;
  const signed = Math.round(((payload?.length ?? 0) * 3) / 4 / BYTES_PER_TOKEN);
  return Math.max(block.type === 'thinking' ? count(block.thinking) : 0, signed);
}

/** Bytes of encrypted reasoning per token of it, for the signed payload's estimate. */
const BYTES_PER_TOKEN = 4;

/** Puts a slot (and its media parts) in the view; a new one takes its first form. */
function adopt(run: SyncRun, slot: Slot, isNew: boolean): void {
  const { view, deps, result } = run;
  for (const s of [slot, ...(slot.children ?? [])]) {
    view.byKey.set(s.key, s);
    view.all.push(s);
    if (isNew) {
      const saved = deps.ledger.savedForms.get(s.key);
      deps.ledger.savedForms.delete(s.key);
      // A block an earlier process had shortened is outside the window: settle it now to restore its form.
      if (saved !== undefined && saved !== 'original') settleSlot(s, deps.session, deps.ledger.counters);
      s.form = initialForm(s, saved, view.index.media, deps.ledger.counters);
      if (!s.pending) tally(result.byClass, s);
    }
    indexMedia(view.index, s);
    indexSlot(view.index, s);
  }
  view.blocks++;
  if (isNew) result.added++;
  else result.known++;
}

/**
 * The form a block starts in: the one saved by an earlier process, else original, except a repeated
 * image or document, which becomes a reference while an earlier copy is attached in full.
 */
function initialForm(
  slot: Slot,
  saved: Form | undefined,
  media: ReadonlyMap<string, Slot[]>,
  counters: Ledger['counters'],
): Form {
  if (saved !== undefined && hasForm(slot, saved)) return saved;
  if (slot.media) {
    const earlier = media.get(slot.media.hash) ?? [];
    if (earlier.some((s) => s.form === 'original') && hasForm(slot, 'stub')) {
      counters.mediaBytesDeduplicated += slot.media.bytes;
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

import { MESSAGE_OVERHEAD } from '../../tokens/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import type { Block, MessageParam, ToolResultBlockParam, Transcript } from '../../transcript/index.js';
import type { Slot } from '../types.js';
import { slotTokens, type MessageFigures, type MessageView, type View } from '../state/view.js';

/** The block a slot shows in its form (a one-shot garden rebuilds those it let go: ingest/read-back.ts). */
export type BlockOf = (slot: Slot) => Block;

/** The block of a slot's form as the slot holds it. */
export const heldBlock: BlockOf = (slot) => slot.blocks[slot.form] ?? slot.block;

/**
 * Rendering: each block in its current form. Forms are fixed between events and every form's block
 * was built once at ingest, so a message renders byte-identically until one of its forms changes;
 * its rendering is kept until then (view.ts uncount), and so is the list: only the messages new or
 * changed since the last render are read. The returned messages share objects with the input, with
 * each other and with earlier calls' requests: treat them as read-only.
 */
export function renderMessages(view: View, blockOf: BlockOf = heldBlock): MessageParam[] {
  const { messages, rendering } = view;
  const kept = (m: number) => {
    const entry = messages[m] as MessageView;
    return (entry.rendered ??= renderMessage(entry, blockOf));
  };
  for (const m of view.rerender) rendering[m] = kept(m);
  view.rerender.clear();
  for (let m = rendering.length; m < messages.length; m++) rendering.push(kept(m));
  return rendering.slice();
}

/**
 * renderMessages one message at a time, each rendered as it is read and not kept: what a writer
 * holds is the message it writes. Read it before the next sync or event.
 */
export function* eachMessage(view: View, blockOf: BlockOf): Generator<MessageParam> {
  for (const entry of view.messages) yield entry.rendered ?? renderMessage(entry, blockOf);
}

export function renderMessage(entry: MessageView, blockOf: BlockOf = heldBlock): MessageParam {
  if (entry.passthrough) return entry.source;
  if (entry.isString) {
    const slot = entry.slots[0];
    if (slot === undefined || (slot.form === 'original' && !entry.shell)) return entry.source;
    const block = blockOf(slot);
    const text = block.type === 'text' ? block.text : (entry.source.content as string);
    return { ...entry.source, content: text };
  }
  return { ...entry.source, content: entry.slots.map((slot) => renderSlot(slot, blockOf)) } as MessageParam;
}

/** A block in its form; a tool_result's media parts in theirs. */
export function renderSlot(slot: Slot, blockOf: BlockOf = heldBlock): Block {
  const block = blockOf(slot);
  if (!slot.children || slot.children.length === 0 || block.type !== 'tool_result') return block;
  const parts = new Map<number, Block>();
  for (const child of slot.children) parts.set(child.part, blockOf(child));
  const original = slot.block as ToolResultBlockParam;
  if (slot.form === 'original' && Array.isArray(original.content)) {
    const content = original.content.map((part, i) => parts.get(i) ?? part);
    return { ...original, content } as Block;
  }
  const head =
    typeof block.content === 'string'
      ? [{ type: 'text' as const, text: block.content }]
      : (block.content ?? []);
  return { ...block, content: [...head, ...parts.values()] } as Block;
}

/** Tokens of a message as rendered now (what countMessage would say of renderMessage's output). */
export function messageTokens(entry: MessageView): number {
  return messageFigures(entry).rendered;
}

/** Tokens of a message with every block in its original form. */
export function originalMessageTokens(entry: MessageView): number {
  return messageFigures(entry).original;
}

/** Both counts of a message, counted once and kept until one of its slots changes (view.ts slotChanged). */
export function messageFigures(entry: MessageView): MessageFigures {
  if (entry.figures) return entry.figures;
  let rendered = MESSAGE_OVERHEAD;
  let original = MESSAGE_OVERHEAD;
  for (const slot of entry.slots) {
    rendered += slotTokens(slot);
    original += slotTokens(slot, 'original');
    for (const child of slot.children ?? []) {
      rendered += slotTokens(child);
      original += slotTokens(child, 'original');
    }
  }
  entry.figures = { rendered, original };
  return entry.figures;
}

/** Tokens of the system prompt and tool definitions, counted as countRequest counts them. */
export function countFixed(tokenizer: Tokenizer, transcript: Pick<Transcript, 'system' | 'tools'>): number {
  let total = 0;
  if (typeof transcript.system === 'string') total += tokenizer.count(transcript.system);
  else if (Array.isArray(transcript.system))
    for (const block of transcript.system) total += tokenizer.count(block.text);
  if (transcript.tools) total += tokenizer.count(JSON.stringify(transcript.tools));
  return total;
}

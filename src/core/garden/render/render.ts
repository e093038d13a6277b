import type { Block, MessageParam, ToolResultBlockParam } from '../../transcript/index.js';
import type { Slot } from '../view/slot.js';
import type { MessageView, View } from '../view/view.js';

/** The block a slot shows in its form (a one-shot garden rebuilds those it let go: read-back.ts). */
export type BlockOf = (slot: Slot) => Block;

/** The block of a slot's form as the slot holds it. */
export const heldBlock: BlockOf = (slot) => slot.blocks[slot.form] ?? slot.block;

/**
 * Rendering: each block in its current form. Forms are fixed between events and every form's block
 * was built once at ingest, so a message renders byte-identically until one of its forms changes;
 * its rendering is kept until then (view/view.ts uncount), and so is the list: only the messages new or
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
  const message = renderContent(entry, blockOf);
  // Context gardener added to it once stays in it (preserved thinking: view.ts MessageView.injection).
  return entry.injection ? appendInjection(message, entry.injection.text) : message;
}

function renderContent(entry: MessageView, blockOf: BlockOf): MessageParam {
  if (entry.passthrough) return entry.source;
  if (entry.isString) {
    const slot = entry.slots[0];
    if (slot === undefined || (slot.form === 'original' && !entry.shell)) return entry.source;
    const block = blockOf(slot);
    const text = block.type === 'text' ? block.text : (entry.source.content as string);
    return { ...entry.source, content: text };
  }
  const content = entry.slots.filter((slot) => !slot.dropped).map((slot) => renderSlot(slot, blockOf));
  // An assistant message of thinking alone, its thinking left out: the API takes no empty message.
  if (content.length === 0 && entry.slots.length > 0)
    content.push({ type: 'text', text: REASONING_LEFT_OUT });
  return { ...entry.source, content } as MessageParam;
}

/** What stands in an assistant message whose only blocks were thinking left out. */
export const REASONING_LEFT_OUT = '[gardener: reasoning left out]';

/** A message with an injected block appended (after any tool_result blocks, as the API wants). */
export function appendInjection(message: MessageParam, text: string): MessageParam {
  const injected = { type: 'text' as const, text };
  if (typeof message.content === 'string')
    return { ...message, content: [{ type: 'text', text: message.content }, injected] };
  return { ...message, content: [...message.content, injected] } as MessageParam;
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

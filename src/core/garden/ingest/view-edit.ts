import type { Slot } from '../view/slot.js';
import { unindexSlot } from '../view/view-index.js';
import { uncount, type View } from '../view/view.js';

/**
 * Drops every message from `keep` on (the door sent something else there, or less), with their
 * slots. Returns the dropped top-level slots by key: a block sent again elsewhere keeps its slot.
 */
export function truncateView(view: View, keep: number): Map<string, Slot> {
  const removed = new Map<string, Slot>();
  if (keep >= view.messages.length) return removed;
  for (let m = keep; m < view.messages.length; m++) uncount(view, m);
  for (let m = keep; m < view.messages.length; m++) view.uncounted.delete(m);
  const gone = view.messages.splice(keep);
  if (view.rendering.length > keep) view.rendering.length = keep;
  for (const m of view.rerender) if (m >= keep) view.rerender.delete(m);
  let end = view.all.length;
  while (end > 0 && (view.all[end - 1] as Slot).message >= keep) end--;
  for (const slot of view.all.splice(end)) {
    view.byKey.delete(slot.key);
    unindexSlot(view.index, slot);
  }
  let toolCallsGone = false;
  for (const message of gone) {
    for (const slot of message.slots) {
      removed.set(slot.key, slot);
      toolCallsGone ||= slot.block.type === 'tool_use';
    }
  }
  view.blocks -= removed.size;
  view.turns = gone[0]?.turn ?? view.turns;
  view.inputs.length = keep;
  view.sources.length = keep;
  if (view.lastTyped >= keep) view.lastTyped = lastTypedMessage(view);
  if (toolCallsGone) rebuildToolCalls(view);
  return removed;
}

/** The tool calls by id of the messages left (the last of a repeated id wins, as when they were read). */
function rebuildToolCalls(view: View): void {
  view.toolCalls.clear();
  for (const message of view.messages) {
    for (const slot of message.slots) {
      const block = slot.block;
      if (block.type !== 'tool_use' || typeof block.id !== 'string') continue;
      view.toolCalls.set(block.id, {
        name: block.name,
        input: (block.input ?? {}) as Record<string, unknown>,
      });
    }
  }
}

/** The newest message holding text the user typed, read from the end (-1: none). */
function lastTypedMessage(view: View): number {
  for (let m = view.messages.length - 1; m >= 0; m--)
    if (view.messages[m]?.slots.some((slot) => slot.typed)) return m;
  return -1;
}

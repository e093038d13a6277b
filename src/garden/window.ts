import type { Slot } from './types.js';
import { slotTokens, type View } from './view.js';

/**
 * The working window (DESIGN.md invariant 3): its first message, and the most tokens it holds
 * verbatim. A single block larger than `maxTokens` can never fit the window's share of the budget,
 * so the window does not protect it: it may be shortened to its summary (stored first, so nothing
 * is lost). Typed prompts, pinned blocks and fixed content stay protected whatever their size.
 */
export interface WorkingWindow {
  start: number;
  maxTokens: number;
}

/**
 * First message of the working window (DESIGN.md invariant 3): the last `keepLastTurns` assistant
 * messages and everything after them. While the window holds more than `maxTokens` it gives up its
 * oldest turns, down to the last one, so that a few huge tool results cannot make every budget
 * impossible. The newest message is always in it. Before any assistant message, all is window.
 */
export function windowStart(
  view: View,
  keepLastTurns: number,
  messageTokens: readonly number[],
  maxTokens: number,
): number {
  const count = view.messages.length;
  if (count === 0) return 0;
  if (keepLastTurns === 0) return count - 1;
  const assistants: number[] = [];
  view.messages.forEach((m, i) => {
    if (m.role === 'assistant') assistants.push(i);
  });
  if (assistants.length === 0) return 0;
  const suffix = new Array<number>(count + 1).fill(0);
  for (let i = count - 1; i >= 0; i--) suffix[i] = (suffix[i + 1] ?? 0) + (messageTokens[i] ?? 0);
  const turns = Math.min(keepLastTurns, assistants.length);
  for (let k = turns; k > 1; k--) {
    const start = assistants[assistants.length - k] as number;
    if ((suffix[start] ?? 0) <= maxTokens) return start;
  }
  return assistants[assistants.length - 1] as number;
}

/** Whether a slot inside the window is too large for the window to protect (see WorkingWindow). */
export function oversized(slot: Slot, window: WorkingWindow): boolean {
  return slot.message >= window.start && slotTokens(slot, 'original') > window.maxTokens;
}

/** Why a slot may not be shortened, or undefined when it may. */
export function protection(
  slot: Slot,
  window: WorkingWindow,
  pinned: ReadonlySet<string>,
): 'fixed' | 'prompt' | 'window' | 'pinned' | undefined {
  if (slot.kind === 'fixed') return 'fixed';
  if (slot.typed || slot.cls === 'prompt') return 'prompt';
  if (slot.message >= window.start && !oversized(slot, window)) return 'window';
  if (pinned.has(slot.key) || (slot.entryId !== undefined && pinned.has(slot.entryId))) return 'pinned';
  return undefined;
}

import type { Session } from '../session/session.js';
import { originalMessageTokens } from '../view/figures.js';
import type { Slot } from '../view/slot.js';
import { slotTokens, type MessageView, type View } from '../view/view.js';

/**
 * The working window (docs/DESIGN.md invariant 3): its first message, and the most tokens it holds
 * verbatim. A single block larger than `maxTokens` can never fit the window's share of the budget,
 * so the window does not protect it: it may be shortened to its summary (stored first, so nothing
 * is lost). Typed prompts, pinned blocks and fixed content stay protected whatever their size.
 */
export interface WorkingWindow {
  start: number;
  maxTokens: number;
  /**
   * Where the conversation stands, for what the model asked back (Slot.broughtBack): the view's
   * turns and its newest typed message. Absent: nothing is held for that.
   */
  now?: { turns: number; lastTyped: number };
}

/**
 * What the model asked back stays whole for at least this many calls, and until the user types
 * again: it asked for it to use it, often one fact after another across several calls, and each
 * call may need what the last one brought.
 */
export const KEEP_BROUGHT_BACK_CALLS = 4;

/** Whether content the model asked back is still held: its turn has not ended, or it came back only calls ago. */
export function heldBack(slot: Slot, now: NonNullable<WorkingWindow['now']>): boolean {
  const back = slot.broughtBack;
  if (back === undefined) return false;
  return now.lastTyped < back.message || now.turns - back.turn < KEEP_BROUGHT_BACK_CALLS;
}

/**
 * First message of the working window (docs/DESIGN.md invariant 3): the last `keepLastTurns` assistant
 * messages and everything after them. While the window holds more than `maxTokens` it gives up its
 * oldest turns, down to the last one, so that a few huge tool results cannot make every budget
 * impossible. The newest message is always in it. Before any assistant message, all is window.
 */
export function windowStart(
  view: View,
  keepLastTurns: number,
  messageTokens: (message: number) => number,
  maxTokens: number,
): number {
  const count = view.messages.length;
  if (count === 0) return 0;
  if (keepLastTurns === 0) return count - 1;
  // Walks back from the newest message: the window's cost does not grow with the session.
  let suffix = 0;
  let found = 0;
  let last = -1;
  let start = -1;
  for (let i = count - 1; i >= 0 && found < keepLastTurns; i--) {
    suffix += messageTokens(i);
    if (view.messages[i]?.role !== 'assistant') continue;
    found++;
    if (found === 1) last = i;
    else if (suffix <= maxTokens) start = i;
    else break;
  }
  if (last === -1) return 0;
  return start === -1 ? last : start;
}

/** The working window for a budget (default: the session's). */
export function workingWindow(view: View, session: Session, limit = session.budget): WorkingWindow {
  const maxTokens = windowMaxTokens(session, limit);
  const size = (m: number) => originalMessageTokens(view.messages[m] as MessageView);
  return {
    start: windowStart(view, session.config.keepLastTurns, size, maxTokens),
    maxTokens,
    now: { turns: view.turns, lastTyped: view.lastTyped },
  };
}

/** The most tokens the working window holds verbatim under a budget (see WorkingWindow). */
export function windowMaxTokens(session: Session, limit = session.budget): number {
  return Math.floor(session.config.windowMaxShare * limit);
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
): 'fixed' | 'prompt' | 'window' | 'pinned' | 'asked back' | undefined {
  if (slot.kind === 'fixed') return 'fixed';
  if (slot.typed || slot.cls === 'prompt') return 'prompt';
  if (window.now && heldBack(slot, window.now)) return 'asked back';
  if (slot.message >= window.start && !oversized(slot, window)) return 'window';
  if (pinned.has(slot.key) || (slot.entryId !== undefined && pinned.has(slot.entryId))) return 'pinned';
  return undefined;
}

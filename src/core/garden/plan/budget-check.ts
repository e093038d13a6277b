import { GardenerError } from '../../../errors.js';
import { MESSAGE_OVERHEAD } from '../../tokens/index.js';
import type { Slot } from '../view/slot.js';
import { slotTokens, type View } from '../view/view.js';
import { smallestTallied } from '../view/view-index.js';
import { protection, type WorkingWindow } from './window.js';
import { integer } from '../../format/index.js';

/** What a request is made of, from the budget's point of view. */
export interface BudgetFigures {
  budget: number;
  /** Tokens with everything shortenable at its smallest form. */
  minimum: number;
  /** Tokens nothing may shorten: fixed + prompts + window + pinned + pass-through + message framing. */
  protected: number;
  /** System prompt and tool definitions. */
  fixed: number;
  window: number;
  prompts: number;
  pinned: number;
  /** Blocks gardener never shortens: thinking, tool calls without large fields, unknown types and roles. */
  passThrough: number;
  framing: number;
}

/**
 * Splits the request into protected parts and the smallest the rest can get. The view's index
 * keeps the sums by what protects a slot for good; only the slots of the working window and the
 * pinned ones are read to move theirs from "smallest" to window or pinned.
 */
export function budgetFigures(
  view: View,
  fixed: number,
  budget: number,
  window: WorkingWindow,
  pinned: ReadonlySet<string>,
): BudgetFigures {
  const figures: BudgetFigures = {
    budget,
    minimum: 0,
    protected: 0,
    fixed,
    window: 0,
    prompts: 0,
    pinned: 0,
    passThrough: 0,
    framing: 0,
  };
  const tally = view.index.budget;
  figures.passThrough = tally.fixed;
  figures.prompts = tally.prompts;
  let shortenable = tally.smallest;
  for (const slot of protectable(view, window, pinned)) {
    const why = protection(slot, window, pinned);
    if (why !== 'window' && why !== 'pinned') continue;
    figures[why] += slotTokens(slot);
    shortenable -= smallestTallied(slot);
  }
  figures.framing = MESSAGE_OVERHEAD * view.messages.length;
  figures.protected =
    fixed + figures.prompts + figures.window + figures.pinned + figures.passThrough + figures.framing;
  figures.minimum = figures.protected + shortenable;
  return figures;
}

/** The slots the window or a pin may protect: those of the window's messages, and the pinned ones. */
function protectable(view: View, window: WorkingWindow, pinned: ReadonlySet<string>): Set<Slot> {
  const slots = new Set<Slot>();
  for (let m = window.start; m < view.messages.length; m++) {
    for (const slot of view.messages[m]?.slots ?? []) {
      slots.add(slot);
      for (const child of slot.children ?? []) slots.add(child);
    }
  }
  for (const id of pinned) {
    const byKey = view.byKey.get(id);
    if (byKey) slots.add(byKey);
    for (const slot of view.index.byEntry.get(id) ?? []) slots.add(slot);
  }
  return slots;
}

/** The error for a request that cannot fit, with the figures and what to do (never a retry that changes nothing). */
export function budgetError(
  figures: BudgetFigures,
  keepLastTurns: number,
  limit = figures.budget,
): GardenerError {
  const parts = [
    `system and tools ${integer(figures.fixed)}`,
    `working window ${integer(figures.window)}`,
    `typed prompts ${integer(figures.prompts)}`,
    figures.pinned > 0 ? `pinned ${integer(figures.pinned)}` : '',
    figures.passThrough > 0
      ? `pass-through blocks (thinking, tool calls, unknown types) ${integer(figures.passThrough)}`
      : '',
    `message framing ${integer(figures.framing)}`,
  ].filter(Boolean);
  const lead =
    figures.protected > limit
      ? `protected content alone is ${integer(figures.protected)} tokens (${parts.join(', ')}), over the budget of ${integer(limit)}`
      : `the request needs ${integer(figures.minimum)} tokens with everything else compacted to stubs (protected: ${parts.join(', ')}), over the budget of ${integer(limit)}`;
  return new GardenerError('BUDGET_IMPOSSIBLE', lead, {
    hint: `raise the budget, keep fewer turns verbatim (keepLastTurns is ${keepLastTurns}), or unpin blocks`,
  });
}

import type { GardenCounters } from '../ledger/counters.js';
import type { Ledger } from '../ledger/ledger.js';
import { sentMessages } from '../plan/sent.js';
import { oversized, type WorkingWindow } from '../plan/window.js';
import type { Session } from '../session/session.js';
import type { Slot } from '../view/slot.js';
import { slotChanged, type View } from '../view/view.js';
import { settleSlot } from './settle.js';
import { tally, type SyncResult } from './sync.js';

export interface SettleOptions {
  /** Stop once `performance.now()` passes this, after at least one block (a time-sliced settle). */
  deadline?: number;
  /** Stop, after at least one block, once this says true (a request is waiting for the thread). */
  yieldTo?: () => boolean;
}

export interface SettleResult {
  /** Blocks classified, compressed and stored. */
  ingested: number;
  byClass: SyncResult['byClass'];
  /** Blocks still waiting (a deadline stopped the settle before them). */
  pending: number;
}

/**
 * Stores the pending slots that `which` selects (classify → compress → store), oldest first. With a
 * deadline (a `performance.now()` time) it stops once the deadline has passed, after at least one
 * block, so a caller can spread the work over several turns of its event loop.
 */
export function settleWhere(
  view: View,
  session: Session,
  counters: GardenCounters,
  which: (slot: Slot) => boolean,
  options: SettleOptions = {},
): SettleResult {
  const result: SettleResult = { ingested: 0, byClass: {}, pending: 0 };
  // A copy: settling takes slots out of the pending index.
  for (const slot of [...view.index.pending]) {
    if (!slot.pending || !which(slot)) continue;
    if (result.ingested > 0 && stopNow(options)) {
      result.pending++;
      continue;
    }
    settleOne(view, session, counters, slot, result);
  }
  return result;
}

/** Stores one pending slot and counts it in `result`. */
export function settleOne(
  view: View,
  session: Session,
  counters: GardenCounters,
  slot: Slot,
  result: SettleResult,
): void {
  settleSlot(slot, session, counters);
  slotChanged(view, slot);
  result.ingested++;
  tally(result.byClass, slot);
}

function stopNow({ deadline, yieldTo }: SettleOptions): boolean {
  return (deadline !== undefined && performance.now() >= deadline) || (yieldTo?.() ?? false);
}

/** Blocks the engine may shorten now must be stored first: those before the window and oversized ones. */
export function settleOutsideWindow(
  view: View,
  session: Session,
  counters: GardenCounters,
  window: WorkingWindow,
): SettleResult {
  return settleWhere(
    view,
    session,
    counters,
    (slot) => slot.message < window.start || oversized(slot, window),
  );
}

/**
 * Where thinking is bound to what was sent: the blocks not sent yet, stored now, so that the plan can
 * weigh sending one as its summary (its first send) against changing a sent block.
 */
export function settleUnsent(
  view: View,
  session: Session,
  ledger: Pick<Ledger, 'counters' | 'lastRender'>,
): SettleResult {
  const sent = sentMessages(view, ledger);
  return settleWhere(view, session, ledger.counters, (slot) => slot.message >= sent);
}

import type { Transcript } from '../../transcript/index.js';
import type { GardenCounters } from '../ledger/counters.js';
import { windowMaxTokens, windowStart } from '../plan/window.js';
import type { Session } from '../session/session.js';
import { slotTokens, type View } from '../view/view.js';
import { recordInput } from './prefix.js';
import { shellMessage } from './release.js';
import { settleOne, type SettleResult } from './settle-where.js';
import { READ_BACK } from './sync.js';

/** A one-shot garden's sync hook (SyncDeps.afterMessage) and what it has settled so far. */
export interface SettleAsRead {
  afterMessage: (m: number) => void;
  result: SettleResult;
}

/**
 * A one-shot garden settles as it reads: once a message is in the view, the blocks the sync would
 * settle whatever comes after them (before the working window, or too large for it) are stored and
 * their originals let go, and a message whose blocks are all stored keeps only a shell, in the view
 * and in the transcript it was handed. So the transcript's originals are never all held beside every
 * block's slot. Blocks are settled in the order the sync's own pass would settle them: the oldest
 * pending first, stopping at the first one the window may still hold.
 */
export function settleAsRead(
  view: View,
  session: Session,
  counters: GardenCounters,
  transcript: Transcript,
): SettleAsRead {
  const result: SettleResult = { ingested: 0, byClass: {}, pending: 0 };
  const maxTokens = windowMaxTokens(session);
  // Messages before this one are shells.
  let shelled = 0;
  const afterMessage = (m: number) => {
    // Where the window would start if its size did not count: messages that come later only move
    // it on, and a window that counts its size starts there or later (plan/window.ts).
    const start = windowStart(view, session.config.keepLastTurns, () => 0, Number.POSITIVE_INFINITY);
    for (const slot of view.index.pending) {
      if (!slot.pending) continue;
      if (slot.message >= start && slotTokens(slot, 'original') <= maxTokens) break;
      settleOne(view, session, counters, slot, result);
    }
    for (; shelled < start && shelled <= m - READ_BACK; shelled++) {
      if ((view.messages[shelled]?.slots ?? []).some((slot) => slot.pending)) break;
      const shell = shellMessage(view, shelled);
      if (shell === undefined) continue;
      view.sources[shelled] = shell;
      view.inputs[shelled] = recordInput(shell);
      transcript.messages[shelled] = shell;
    }
  };
  return { afterMessage, result };
}

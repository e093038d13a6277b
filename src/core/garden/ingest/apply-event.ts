import type { GardenEvent } from '../ledger/events.js';
import { logEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { saveEvent } from '../ledger/save-state.js';
import type { Session } from '../session/session.js';
import { estimate } from '../view/figures.js';
import type { Form, Slot } from '../view/slot.js';
import { hasForm, slotChanged, type View } from '../view/view.js';
import { sentMessages } from '../plan/sent.js';
import { keptThinkingBefore } from '../plan/thinking-drops.js';
import { restoreOriginal } from './release.js';
import { leaveOutAfter, leaveOutBefore } from './thinking.js';

/** Whether a slot comes before a position in the transcript. */
function before(slot: Slot, at: { message: number; index: number }): boolean {
  return slot.message < at.message || (slot.message === at.message && slot.index < at.index);
}

/**
 * Applies form changes as one event: the slots take their new forms, the ledger logs the event and
 * saves the forms. Nothing happens when no form actually changes. `shedThinkingBefore` (thinking
 * nothing binds, plan.ts PlannedEvent): the thinking kept in the messages before it is left out too.
 */
export function applyEvent(
  view: View,
  session: Session,
  ledger: Ledger,
  change: {
    kind: GardenEvent['kind'];
    forms: ReadonlyMap<string, Form>;
    shedThinkingBefore?: number | undefined;
  },
): GardenEvent | undefined {
  const { kind, forms, shedThinkingBefore } = change;
  const changes = [...forms].filter(([key, form]) => {
    const slot = view.byKey.get(key);
    if (slot === undefined || slot.form === form) return false;
    // A block a one-shot garden let go is read back or rebuilt (release.ts, render/read-back.ts).
    return hasForm(slot, form);
  });
  const sheds = shedThinkingBefore !== undefined && keptThinkingBefore(view, shedThinkingBefore) > 0;
  if (changes.length === 0 && !sheds) return undefined;
  const tokensBefore = estimate(view);
  let firstMessage = view.messages.length;
  const sent = view.thinking.bound ? sentMessages(view, ledger) : 0;
  let firstSent: { message: number; index: number } | undefined;
  for (const [key, form] of changes) {
    const slot = view.byKey.get(key) as Slot;
    if (form === 'original') restoreOriginal(slot, session.store);
    slot.form = form;
    slotChanged(view, slot);
    firstMessage = Math.min(firstMessage, slot.message);
    if (slot.message < sent && (firstSent === undefined || before(slot, firstSent))) firstSent = slot;
  }
  // A sent block changed: the thinking kept after it would fail the prefix check; it is left out.
  if (firstSent !== undefined) leaveOutAfter(view, ledger, firstSent);
  if (sheds) firstMessage = Math.min(firstMessage, leaveOutBefore(view, ledger, shedThinkingBefore));
  const { counters, saved } = ledger;
  counters.events++;
  const event: GardenEvent = {
    seq: ++saved.eventSeq,
    kind,
    at: session.config.now(),
    call: counters.renders,
    changed: changes.length,
    tokensBefore,
    tokensAfter: estimate(view),
    firstMessage,
  };
  logEvent(saved.events, event);
  saveEvent(session, ledger, view, new Map(changes));
  return event;
}

import type { GardenEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { persist } from '../ledger/save-state.js';
import { compactAllForms, stubForms } from '../plan/choices.js';
import type { Session } from '../session/session.js';
import type { Form } from '../view/slot.js';
import { inTranscriptOrder, slotsOf } from '../view/view-index.js';
import type { View } from '../view/view.js';
import { applyEvent } from './apply-event.js';

/** The changes a door asks for by entry id (or block key): each one event, or a reason why not. */

export interface ChangeResult {
  /** Blocks whose form changed. */
  changed: number;
  event?: GardenEvent;
  /** Why nothing changed. */
  reason?: 'unknown' | 'not in context' | 'protected' | 'already';
}

/** Brings an entry back to its original form in context; its blocks count as recalled now. */
export function recallIntoContext(view: View, session: Session, ledger: Ledger, id: string): ChangeResult {
  const slots = slotsOf(view, id);
  if (slots.length === 0) return absent(session, id);
  for (const slot of slots) ledger.access.set(slot.key, view.turns);
  const forms = new Map(
    slots.filter((s) => s.form !== 'original').map((s): [string, Form] => [s.key, 'original']),
  );
  const event = applyEvent(view, session, ledger, { kind: 'recall', forms });
  if (!event) return { changed: 0, reason: 'already' };
  ledger.counters.stubsRecalled += forms.size;
  return { changed: event.changed, event };
}

/** Drops an entry to a stub in context; `purge` also removes it from recall. */
export function forget(
  view: View,
  session: Session,
  ledger: Ledger,
  id: string,
  purge: boolean,
): ChangeResult {
  const slots = slotsOf(view, id);
  if (purge) session.store.forget(slots[0]?.entryId ?? id);
  if (slots.length === 0) return absent(session, id);
  const forms = stubForms(view, session, ledger, slots);
  if (forms === undefined) return { changed: 0, reason: 'protected' };
  return changed(applyEvent(view, session, ledger, { kind: 'forget', forms }));
}

/** Content the user forgot before and that arrived again stays forgotten: a stub, once outside the window. */
export function stubForgotten(view: View, session: Session, ledger: Ledger): void {
  const forgotten = inTranscriptOrder(view.index.forgotten).filter((s) => s.form !== 'stub');
  if (forgotten.length === 0) return;
  const forms = stubForms(view, session, ledger, forgotten);
  if (forms !== undefined) applyEvent(view, session, ledger, { kind: 'forget', forms });
}

/** Pins an entry: its blocks back to their original form, protected from now on. */
export function pin(view: View, session: Session, ledger: Ledger, id: string): ChangeResult {
  const slots = slotsOf(view, id);
  if (slots.length === 0) return absent(session, id);
  for (const slot of slots) ledger.pinned.add(slot.key);
  const event = applyEvent(view, session, ledger, {
    kind: 'pin',
    forms: new Map(
      slots.filter((s) => s.form !== 'original').map((s): [string, Form] => [s.key, 'original']),
    ),
  });
  persist(session, ledger, view);
  return changed(event);
}

/** Takes an entry's pins off; whether it had any. */
export function unpin(view: View, session: Session, ledger: Ledger, id: string): boolean {
  let removed = false;
  for (const slot of slotsOf(view, id)) removed = ledger.pinned.delete(slot.key) || removed;
  if (removed) persist(session, ledger, view);
  return removed;
}

/** Every eligible block of at least `minTokens` to its summary, in one event. */
export function compactAll(
  view: View,
  session: Session,
  ledger: Ledger,
  options: { minTokens: number; keepLastTurns: number | undefined; firstSend: boolean },
): ChangeResult {
  return changed(
    applyEvent(view, session, ledger, {
      kind: 'compact-all',
      forms: compactAllForms(view, session, ledger, options),
    }),
  );
}

function changed(event: GardenEvent | undefined): ChangeResult {
  return event ? { changed: event.changed, event } : { changed: 0, reason: 'already' };
}

/** Why an id has no slot to change: known to the store but not in this transcript, or unknown. */
function absent(session: Session, id: string): ChangeResult {
  return { changed: 0, reason: session.store.fetch(id) ? 'not in context' : 'unknown' };
}

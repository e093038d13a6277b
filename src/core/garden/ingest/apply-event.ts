import type { Form, GardenEvent, Slot } from './types.js';
import { saveEvent } from './save-state.js';
import { estimate, slotsOf, type GardenState } from './state/state.js';
import { inTranscriptOrder } from './state/view-index.js';
import { withReattachedMedia } from './plan/steps.js';
import { restoreOriginal } from './ingest/release.js';
import { hasForm, slotChanged } from './state/view.js';
import { protection, type WorkingWindow } from './plan/window.js';

/** Events kept in memory (events() returns them; the counters keep totals). */
const KEPT_EVENTS = 200;

/** Applies form changes as one event; nothing happens when no form actually changes. */
export function applyEvent(
  state: GardenState,
  kind: GardenEvent['kind'],
  forms: ReadonlyMap<string, Form>,
): GardenEvent | undefined {
  const { view, saved } = state;
  const changes = [...forms].filter(([key, form]) => {
    const slot = view.byKey.get(key);
    if (slot === undefined || slot.form === form) return false;
    // A block a one-shot garden let go is read back or rebuilt (ingest/release.ts, ingest/read-back.ts).
    return hasForm(slot, form);
  });
  if (changes.length === 0) return undefined;
  const tokensBefore = estimate(state);
  let firstMessage = view.messages.length;
  for (const [key, form] of changes) {
    const slot = view.byKey.get(key) as Slot;
    if (form === 'original') restoreOriginal(slot, state.store);
    slot.form = form;
    slotChanged(view, slot);
    firstMessage = Math.min(firstMessage, slot.message);
  }
  state.counters.events++;
  const event: GardenEvent = {
    seq: ++saved.eventSeq,
    kind,
    at: state.config.now(),
    call: state.counters.renders,
    changed: changes.length,
    tokensBefore,
    tokensAfter: estimate(state),
    firstMessage,
  };
  saved.events.push(event);
  if (saved.events.length > KEPT_EVENTS) saved.events.splice(0, saved.events.length - KEPT_EVENTS);
  saveEvent(state, new Map(changes));
  return event;
}

/**
 * Protected blocks left shortened (after a rewind or a budget change) go back to their original form.
 * Only slots that can be protected are read: those protected for good (the view's index), those in
 * the working window, and the pinned ones.
 */
export function restorations(state: GardenState, window: WorkingWindow): Map<string, Form> {
  const { view } = state;
  const protectable = new Set<Slot>(view.index.protectedShortened);
  for (let m = window.start; m < view.messages.length; m++)
    for (const slot of view.messages[m]?.slots ?? []) protectable.add(slot);
  for (const id of state.pinned) for (const slot of slotsOf(state, id)) protectable.add(slot);
  const forms = new Map<string, Form>();
  for (const slot of inTranscriptOrder(protectable)) {
    if (slot.form === 'original' || slot.media) continue;
    if (protection(slot, window, state.pinned) !== undefined) forms.set(slot.key, 'original');
  }
  return forms.size > 0 ? withReattachedMedia(state.view, forms, window.start) : forms;
}

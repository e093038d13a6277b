import type { Ledger } from '../ledger/ledger.js';
import type { Form, Slot } from '../view/slot.js';
import { inTranscriptOrder, slotsOf } from '../view/view-index.js';
import type { View } from '../view/view.js';
import { withReattachedMedia } from './steps.js';
import { protection, type WorkingWindow } from './window.js';

/**
 * Protected blocks left shortened (after a rewind or a budget change) go back to their original form.
 * Only slots that can be protected are read: those protected for good (the view's index), those in
 * the working window, and the pinned ones.
 */
export function restorations(
  view: View,
  ledger: Pick<Ledger, 'pinned'>,
  window: WorkingWindow,
): Map<string, Form> {
  const protectable = new Set<Slot>(view.index.protectedShortened);
  // Bound thinking: a block sent shortened (its first send) stays so; taking it back would change
  // what the thinking after it was produced after. Only what is protected for good, or pinned, returns.
  if (!view.thinking.bound)
    for (let m = window.start; m < view.messages.length; m++)
      for (const slot of view.messages[m]?.slots ?? []) protectable.add(slot);
  for (const id of ledger.pinned) for (const slot of slotsOf(view, id)) protectable.add(slot);
  const forms = new Map<string, Form>();
  for (const slot of inTranscriptOrder(protectable)) {
    if (slot.form === 'original' || slot.media) continue;
    const why = protection(slot, window, ledger.pinned);
    if (why !== undefined && !(view.thinking.bound && why === 'window')) forms.set(slot.key, 'original');
  }
  return forms.size > 0 ? withReattachedMedia(view, forms, window.start) : forms;
}

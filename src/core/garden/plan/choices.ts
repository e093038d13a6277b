import type { Ledger } from '../ledger/ledger.js';
import type { Session } from '../session/session.js';
import type { Form, Slot } from '../view/slot.js';
import { hasForm, slotTokens, type View } from '../view/view.js';
import { summaryAtFirstSend } from './first-send.js';
import { withReattachedMedia } from './steps.js';
import { protection, windowStart, workingWindow, type WorkingWindow } from './window.js';

/**
 * The forms of the changes a door asks for by name (forget, compact-all), chosen as the planner
 * chooses: protected blocks keep their form, and media is attached again where its copies all go.
 */

/** Stubs for the slots the window and pins do not protect, media re-attached; undefined when all are protected. */
export function stubForms(
  view: View,
  session: Session,
  ledger: Pick<Ledger, 'pinned'>,
  slots: readonly Slot[],
): Map<string, Form> | undefined {
  const window = workingWindow(view, session);
  const open = slots.filter((s) => protection(s, window, ledger.pinned) === undefined);
  if (open.length === 0) return undefined;
  return withReattachedMedia(view, new Map(open.map((s) => [s.key, 'stub'])), window.start);
}

/**
 * Every eligible block of at least `minTokens` to its summary (the no-budget compress). `firstSend`:
 * the blocks were never sent and their form is decided once (first-send.ts): no working window, and
 * the first-send rule decides. `keepLastTurns: 0` keeps nothing whole, the newest message included
 * (a one-shot compress has no next call that reads it; the live engine always keeps the newest).
 */
export function compactAllForms(
  view: View,
  session: Session,
  ledger: Pick<Ledger, 'pinned'>,
  options: { minTokens: number; keepLastTurns: number | undefined; firstSend: boolean },
): Map<string, Form> {
  const window = compactAllWindow(view, session, options);
  const pays = options.firstSend
    ? summaryAtFirstSend
    : (original: number, summary: number) => summary < original;
  const forms = new Map<string, Form>();
  for (const slot of view.all) {
    if (slot.form !== 'original' || !hasForm(slot, 'summary') || slot.textTokens < options.minTokens)
      continue;
    if (protection(slot, window, ledger.pinned) !== undefined) continue;
    if (pays(slotTokens(slot, 'original'), slotTokens(slot, 'summary'))) forms.set(slot.key, 'summary');
  }
  return forms;
}

/** What a compact-all leaves whole at the end: nothing at a first send or when asked to keep no turn. */
function compactAllWindow(
  view: View,
  session: Session,
  options: { keepLastTurns: number | undefined; firstSend: boolean },
): WorkingWindow {
  const whole = Number.POSITIVE_INFINITY;
  if (options.firstSend || options.keepLastTurns === 0)
    return { start: view.messages.length, maxTokens: whole };
  if (options.keepLastTurns === undefined) return workingWindow(view, session);
  return { start: windowStart(view, options.keepLastTurns, () => 0, whole), maxTokens: whole };
}

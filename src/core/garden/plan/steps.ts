import type { Ledger } from '../ledger/ledger.js';
import type { Session } from '../session/session.js';
import { recentMentions } from '../view/recent.js';
import type { Form, Slot } from '../view/slot.js';
import { hasForm, slotTokens, type View } from '../view/view.js';
import { inTranscriptOrder, slotOrder } from '../view/view-index.js';
import { FIRST_SIGHT_LOSS_FACTOR, stepLoss } from './cost-model.js';
import { sentMessages } from './sent.js';
import type { Step } from './planner.js';
import { priority } from './priority.js';
import { protection, type WorkingWindow } from './window.js';

export interface StepContext {
  /** The working window. */
  window: WorkingWindow;
  pinned: ReadonlySet<string>;
  /** Words of the recent turns (reference bonus). */
  mentions: ReadonlySet<string>;
  /** Turn of the last recall of a block, by key (resets its staleness). */
  access: ReadonlyMap<string, number>;
  minSaving: number;
  /**
   * With thinking bound to its prefix (preserved thinking): the messages sent before. A block after
   * them has not been sent, so its form is chosen freely (its first send): the window does not keep
   * it whole when its summary is what fits, at the higher loss of a summary the model has not read.
   */
  firstSendFrom?: number | undefined;
}

/** What the step rules need to know besides the view: the ledger's pins and recalls, the recent words. */
export function stepContext(
  view: View,
  ledger: Pick<Ledger, 'pinned' | 'access' | 'lastRender'>,
  session: Session,
  window: WorkingWindow,
  minSaving = session.config.minSavingTokens,
): StepContext {
  return {
    window,
    pinned: ledger.pinned,
    mentions: recentMentions(view),
    access: ledger.access,
    minSaving,
    firstSendFrom: view.thinking.bound ? sentMessages(view, ledger) : undefined,
  };
}

/** Priority of a slot now. */
export function slotPriority(
  slot: Slot,
  view: View,
  context: Pick<StepContext, 'mentions' | 'access'>,
): number {
  const since = Math.max(slot.turn, context.access.get(slot.key) ?? Number.NEGATIVE_INFINITY);
  return priority(
    { cls: slot.media ? undefined : slot.cls, age: view.turns - since, terms: slot.terms },
    context.mentions,
  );
}

/**
 * Every form change the planner may choose from: original→summary (phase 1), then →stub (phase 2);
 * images and documents, which have no summary, original→stub in phase 1. Protected blocks have none,
 * and neither has a change that saves fewer than `minSaving` tokens. Only the slots the view's index
 * holds as shortenable are read (view/view-index.ts), in transcript order.
 */
export function eligibleSteps(view: View, context: StepContext): Step[] {
  const steps: Step[] = [];
  const push = (step: Step | undefined) => {
    if (step) steps.push(step);
  };
  for (const slot of inTranscriptOrder(view.index.shortenable)) {
    if (slot.form === 'stub') continue;
    const protectedBy = protection(slot, context.window, context.pinned);
    const firstSend = context.firstSendFrom !== undefined && slot.message >= context.firstSendFrom;
    // Not sent yet, in the window: only its summary, and only where that is worth its loss unread.
    if (protectedBy !== undefined && !(firstSend && protectedBy === 'window')) continue;
    const p = slotPriority(slot, view, context);
    const sight = firstSend ? FIRST_SIGHT_LOSS_FACTOR : 1;
    const step = (from: Form, to: Form, phase: 1 | 2, loss: number, afterSummary = false): Step | undefined =>
      makeStep({
        slot,
        minSaving: context.minSaving,
        priority: p,
        from,
        to,
        phase,
        loss: loss * sight,
        afterSummary,
      });
    if (firstSend) {
      // A block the model has not read goes out as its summary, never as a bare stub (DESIGN).
      if (slot.form === 'original' && !slot.media)
        push(step('original', 'summary', 1, stepLoss(p, 'summary', slot.namesLeftOut)));
      continue;
    }
    if (slot.form === 'summary') {
      push(step('summary', 'stub', 2, stepLoss(p, 'stub-after-summary')));
      continue;
    }
    if (slot.media) {
      push(step('original', 'stub', 1, stepLoss(p, 'stub')));
      continue;
    }
    const summary = step('original', 'summary', 1, stepLoss(p, 'summary', slot.namesLeftOut));
    if (summary) {
      steps.push(summary);
      push(step('summary', 'stub', 2, stepLoss(p, 'stub-after-summary'), true));
    } else {
      push(step('original', 'stub', 2, stepLoss(p, 'stub')));
    }
  }
  return steps;
}

/** One form change of one slot, as eligibleSteps weighs it. */
interface StepOptions {
  slot: Slot;
  /** The least a step must save. */
  minSaving: number;
  priority: number;
  from: Form;
  to: Form;
  phase: 1 | 2;
  loss: number;
  /** The step follows the slot's summary step (its saving assumes the summary was taken). */
  afterSummary: boolean;
}

/** The step from form `from` to `to` of a slot, unless it has no such form or saves too little. */
function makeStep(options: StepOptions): Step | undefined {
  const { slot, from, to } = options;
  const saved = slotTokens(slot, from) - slotTokens(slot, to);
  if (!hasForm(slot, to) || saved < options.minSaving) return undefined;
  return {
    key: slot.key,
    message: slot.message,
    order: slotOrder(slot),
    to,
    saved,
    priority: options.priority,
    phase: options.phase,
    loss: options.loss,
    afterSummary: options.afterSummary,
    ...(slot.kind === 'tool_result' ? { toolResult: true } : {}),
  };
}

/**
 * The form each slot takes after the chosen steps (a block's stub step wins over its summary step),
 * then media re-attachment: an image or document whose every copy is now a stub or reference is
 * attached again in full at its earliest copy inside the working window.
 */
export function targetForms(view: View, steps: readonly Step[], start: number): Map<string, Form> {
  const forms = new Map<string, Form>();
  for (const step of steps) {
    if (forms.get(step.key) !== 'stub') forms.set(step.key, step.to);
  }
  return withReattachedMedia(view, forms, start);
}

/** Adds to `forms` the re-attachments that a set of form changes calls for. */
export function withReattachedMedia(view: View, forms: Map<string, Form>, start: number): Map<string, Form> {
  for (const copies of view.index.media.values()) {
    const formOf = (s: Slot) => forms.get(s.key) ?? s.form;
    if (copies.some((s) => formOf(s) === 'original')) continue;
    const inWindow = copies.find((s) => s.message >= start);
    if (inWindow) forms.set(inWindow.key, 'original');
  }
  return forms;
}

import { stepLoss } from './cost-model.js';
import type { Step } from './planner.js';
import { priority } from './priority.js';
import type { Form, Slot } from '../types.js';
import { hasForm, slotTokens, type View } from '../state/view.js';
import { inTranscriptOrder, slotOrder } from '../state/view-index.js';
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
 * holds as shortenable are read (state/view-index.ts), in transcript order.
 */
export function eligibleSteps(view: View, context: StepContext): Step[] {
  const steps: Step[] = [];
  const push = (step: Step | undefined) => {
    if (step) steps.push(step);
  };
  for (const slot of inTranscriptOrder(view.index.shortenable)) {
    if (slot.form === 'stub' || protection(slot, context.window, context.pinned) !== undefined) continue;
    const p = slotPriority(slot, view, context);
    if (slot.form === 'summary') {
      push(makeStep(slot, context, p, 'stub', 'summary', 2, stepLoss(p, 'stub-after-summary'), false));
      continue;
    }
    if (slot.media) {
      push(makeStep(slot, context, p, 'stub', 'original', 1, stepLoss(p, 'stub'), false));
      continue;
    }
    const summary = makeStep(
      slot,
      context,
      p,
      'summary',
      'original',
      1,
      stepLoss(p, 'summary', slot.namesLeftOut),
      false,
    );
    if (summary) {
      steps.push(summary);
      push(makeStep(slot, context, p, 'stub', 'summary', 2, stepLoss(p, 'stub-after-summary'), true));
    } else {
      push(makeStep(slot, context, p, 'stub', 'original', 2, stepLoss(p, 'stub'), false));
    }
  }
  return steps;
}

/** The step from form `from` to `to` of a slot, unless it has no such form or saves too little. */
function makeStep(
  slot: Slot,
  context: StepContext,
  priority: number,
  to: Form,
  from: Form,
  phase: 1 | 2,
  loss: number,
  afterSummary: boolean,
): Step | undefined {
  const saved = slotTokens(slot, from) - slotTokens(slot, to);
  if (!hasForm(slot, to) || saved < context.minSaving) return undefined;
  return {
    key: slot.key,
    message: slot.message,
    order: slotOrder(slot),
    to,
    saved,
    priority,
    phase,
    loss,
    afterSummary,
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

import { BREAKDOWN_ORDER, FORMS, type BreakdownClass, type Form, type Slot } from './slot.js';

/** One row of the pressure report's table by class, before its ratio. */
export interface ClassRow {
  count: number;
  orig: number;
  rendered: number;
  sum: number;
}

/**
 * The pressure report's sums over every slot of the view (plan/pressure.ts), kept as slots are
 * added, change or leave (view-index.ts), so that a door reading the report on every call (the
 * proxy's log record) does not scan the whole session for it.
 */
export interface PressureTally {
  byForm: Record<Form, { count: number; tokens: number }>;
  byClass: Map<BreakdownClass, ClassRow>;
  /** Slots with a store entry. */
  entries: number;
  /** Σ of their summaries (their original where they have none). */
  summaries: number;
}

/** What one slot adds to the pressure tally. */
export interface SlotFigures {
  form: Form;
  cls: BreakdownClass;
  /** Tokens as rendered now, in original form, and as summarised (original when it has no summary). */
  rendered: number;
  orig: number;
  sum: number;
  entry: boolean;
}

export function emptyPressureTally(): PressureTally {
  return {
    byForm: Object.fromEntries(FORMS.map((f) => [f, { count: 0, tokens: 0 }])) as PressureTally['byForm'],
    byClass: new Map(),
    entries: 0,
    summaries: 0,
  };
}

/** Class used in breakdowns: media, pending (not classified yet), else the content class. */
export function breakdownClass(slot: Slot): BreakdownClass {
  if (slot.media) return 'media';
  if (slot.cls === undefined && slot.pending) return 'pending';
  return slot.cls ?? 'other';
}

/**
 * Tokens of a slot in a form (a form it cannot take counts as original); without a form, as it is
 * rendered now: its current form, or nothing for a thinking block left out.
 */
export function slotTokens(slot: Slot, form?: Form): number {
  if (form === undefined && slot.dropped) return 0;
  const shown = form ?? slot.form;
  return slot.tokens[shown] ?? slot.tokens.original ?? 0;
}

/**
 * Whether a slot can take a form: the form was built (and counted) when the block was settled. Its
 * block may not be held: a one-shot garden lets some go and rebuilds them to render (render/read-back.ts).
 */
export function hasForm(slot: Slot, form: Form): boolean {
  return slot.tokens[form] !== undefined;
}

export function slotFigures(slot: Slot): SlotFigures {
  return {
    form: slot.form,
    cls: breakdownClass(slot),
    rendered: slotTokens(slot),
    orig: slotTokens(slot, 'original'),
    sum: slotTokens(slot, hasForm(slot, 'summary') ? 'summary' : 'original'),
    entry: slot.entryId !== undefined,
  };
}

/** Adds (sign 1) or takes out (sign -1) one slot's figures; a class with no slot left has no row. */
export function tallyFigures(tally: PressureTally, figures: SlotFigures, sign: 1 | -1): void {
  const form = tally.byForm[figures.form];
  form.count += sign;
  form.tokens += sign * figures.rendered;
  let row = tally.byClass.get(figures.cls);
  if (!row) tally.byClass.set(figures.cls, (row = { count: 0, orig: 0, rendered: 0, sum: 0 }));
  row.count += sign;
  row.orig += sign * figures.orig;
  row.rendered += sign * figures.rendered;
  row.sum += sign * figures.sum;
  if (row.count === 0) tally.byClass.delete(figures.cls);
  if (!figures.entry) return;
  tally.entries += sign;
  tally.summaries += sign * figures.sum;
}

/** The same sums read off every slot (what the report did on every call before the tally; tests compare). */
export function scanPressure(slots: Iterable<Slot>): PressureTally {
  const tally = emptyPressureTally();
  for (const slot of slots) tallyFigures(tally, slotFigures(slot), 1);
  return tally;
}

/** The classes of a tally in the order breakdowns are listed (BREAKDOWN_ORDER, then any other). */
export function classesInOrder(tally: PressureTally): Array<[BreakdownClass, ClassRow]> {
  const known = BREAKDOWN_ORDER.flatMap((cls): Array<[BreakdownClass, ClassRow]> => {
    const row = tally.byClass.get(cls);
    return row ? [[cls, row]] : [];
  });
  const others = [...tally.byClass].filter(([cls]) => !BREAKDOWN_ORDER.includes(cls));
  return [...known, ...others];
}

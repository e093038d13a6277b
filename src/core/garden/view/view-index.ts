import type { Form, Slot } from './slot.js';
import {
  emptyPressureTally,
  slotFigures,
  slotTokens,
  tallyFigures,
  type PressureTally,
  type SlotFigures,
} from './pressure-tally.js';

import type { View } from './view.js';

export { breakdownClass, hasForm, slotTokens } from './pressure-tally.js';

/** Shortened slots in sum: the turn injection's one line (render/turn-injection.ts). */
export interface CompactedTally {
  blocks: number;
  /** Their tokens in original form. */
  before: number;
  /** Their tokens as rendered. */
  after: number;
  byClass: Map<string, number>;
}

/**
 * Tokens of the slots by what protects them for good (plan/budget-check.ts budgetFigures): fixed
 * content as rendered, typed prompts as rendered, and the smallest form of every other slot.
 */
export interface BudgetTally {
  fixed: number;
  prompts: number;
  smallest: number;
}

/**
 * What one slot adds to the tallies, so it can be taken out when the slot changes: its pressure
 * figures, which also give what a shortened slot adds to the compacted tally, and its share of
 * the budget tally. One object a slot: the index holds one for every block of the session.
 */
export interface Contribution extends SlotFigures {
  /** The part of the budget tally it adds to, and how much. */
  part: keyof BudgetTally;
  tokens: number;
}

/**
 * Slots by the properties the engine looks them up by on every call, kept up to date as slots are
 * added, change or leave the view, so that no call has to scan the whole session for them.
 */
export interface ViewIndex {
  /** Registered but not settled yet, in transcript order. */
  pending: Set<Slot>;
  /** Not protected for good, not a stub, and pending or with another form no larger: the planner's candidates. */
  shortenable: Set<Slot>;
  /** Held by the store as forgotten. */
  forgotten: Set<Slot>;
  /** Typed prompts and fixed blocks not in their original form (restorations bring them back). */
  protectedShortened: Set<Slot>;
  /** Images and documents by content hash: the slots carrying each, in transcript order. */
  media: Map<string, Slot[]>;
  /** Slots by the store entry holding their original. */
  byEntry: Map<string, Slot[]>;
  compacted: CompactedTally;
  budget: BudgetTally;
  /** The pressure report's sums by form and class (pressure-tally.ts). */
  pressure: PressureTally;
}

export function emptyIndex(): ViewIndex {
  return {
    pending: new Set(),
    shortenable: new Set(),
    forgotten: new Set(),
    protectedShortened: new Set(),
    media: new Map(),
    byEntry: new Map(),
    compacted: { blocks: 0, before: 0, after: 0, byClass: new Map() },
    budget: { fixed: 0, prompts: 0, smallest: 0 },
    pressure: emptyPressureTally(),
  };
}

/** Protected whatever the window: fixed content and what the user typed (plan/window.ts protection). */
export function protectedForGood(slot: Slot): boolean {
  return slot.kind === 'fixed' || slot.typed || slot.cls === 'prompt';
}

/** Whether a step could ever shorten the slot from its current form (plan/steps.ts eligibleSteps). */
function mayShorten(slot: Slot): boolean {
  if (slot.form === 'stub' || protectedForGood(slot)) return false;
  if (slot.pending) return true;
  const now = slotTokens(slot, slot.form);
  for (const form of Object.keys(slot.tokens) as Form[])
    if (form !== slot.form && slotTokens(slot, form) <= now) return true;
  return false;
}

function toggle(set: Set<Slot>, slot: Slot, member: boolean): void {
  if (member) set.add(slot);
  else set.delete(slot);
}

/** Puts a slot in the indexes it belongs to now, and out of the others. */
export function indexSlot(index: ViewIndex, slot: Slot): void {
  toggle(index.pending, slot, slot.pending === true);
  toggle(index.shortenable, slot, mayShorten(slot));
  toggle(index.forgotten, slot, slot.forgotten === true);
  toggle(index.protectedShortened, slot, slot.form !== 'original' && protectedForGood(slot));
  if (slot.entryId !== undefined) {
    const list = index.byEntry.get(slot.entryId);
    if (!list) index.byEntry.set(slot.entryId, [slot]);
    else if (!list.includes(slot)) list.push(slot);
  }
  untally(index, slot);
  const contribution = contributionOf(slot);
  slot.tally = contribution;
  addTally(index, contribution, 1);
}

function contributionOf(slot: Slot): Contribution {
  const f = slotFigures(slot);
  const part = budgetPart(slot);
  return {
    form: f.form,
    cls: f.cls,
    rendered: f.rendered,
    orig: f.orig,
    sum: f.sum,
    entry: f.entry,
    part,
    tokens: part === 'smallest' ? smallestTokens(slot) : f.rendered,
  };
}

/** Fixed content and typed prompts count as rendered; every other slot by its smallest form. */
function budgetPart(slot: Slot): keyof BudgetTally {
  if (slot.kind === 'fixed') return 'fixed';
  if (slot.typed || slot.cls === 'prompt') return 'prompts';
  return 'smallest';
}

/** Tokens of a slot in its smallest form. */
export function smallestTokens(slot: Slot): number {
  let min = Number.POSITIVE_INFINITY;
  for (const form of Object.keys(slot.tokens) as Form[]) min = Math.min(min, slotTokens(slot, form));
  return Number.isFinite(min) ? min : slotTokens(slot);
}

/** What a slot not protected for good adds to `budget.smallest` (plan/budget-check.ts). */
export function smallestTallied(slot: Slot): number {
  const contribution = slot.tally;
  return contribution?.part === 'smallest' ? contribution.tokens : 0;
}

/** Adds an image or document to the media index (after the copies before it in the transcript). */
export function indexMedia(index: ViewIndex, slot: Slot): void {
  if (!slot.media) return;
  const list = index.media.get(slot.media.hash);
  if (list) list.push(slot);
  else index.media.set(slot.media.hash, [slot]);
}

/** Takes a slot out of every index (it left the transcript). */
export function unindexSlot(index: ViewIndex, slot: Slot): void {
  index.pending.delete(slot);
  index.shortenable.delete(slot);
  index.forgotten.delete(slot);
  index.protectedShortened.delete(slot);
  if (slot.media) removeFrom(index.media, slot.media.hash, slot);
  if (slot.entryId !== undefined) removeFrom(index.byEntry, slot.entryId, slot);
  untally(index, slot);
}

function removeFrom(map: Map<string, Slot[]>, key: string, slot: Slot): void {
  const list = map.get(key);
  if (!list) return;
  const rest = list.filter((s) => s !== slot);
  if (rest.length === 0) map.delete(key);
  else map.set(key, rest);
}

function untally(index: ViewIndex, slot: Slot): void {
  const contribution = slot.tally;
  if (!contribution) return;
  slot.tally = undefined;
  addTally(index, contribution, -1);
}

function addTally(index: ViewIndex, contribution: Contribution, sign: 1 | -1): void {
  index.budget[contribution.part] += sign * contribution.tokens;
  tallyFigures(index.pressure, contribution, sign);
  // A shortened slot: what it saves, in the compacted tally.
  if (contribution.form === 'original') return;
  const tally = index.compacted;
  tally.blocks += sign;
  tally.before += sign * contribution.orig;
  tally.after += sign * contribution.rendered;
  const count = (tally.byClass.get(contribution.cls) ?? 0) + sign;
  if (count === 0) tally.byClass.delete(contribution.cls);
  else tally.byClass.set(contribution.cls, count);
}

/** The order of slots in the transcript, as one number (a tool_result's media parts right after it). */
export function slotOrder(slot: Slot): number {
  return slot.message * 1_000_000 + slot.index * 1_000 + slot.part + 1;
}

/** Slots in transcript order. */
export function inTranscriptOrder(slots: Iterable<Slot>): Slot[] {
  return [...slots].sort((a, b) => slotOrder(a) - slotOrder(b));
}

/** Whether the model sees a stored entry in full: one of its slots is in its original form. */
export function shownInFull(index: ViewIndex, id: string): boolean {
  return index.byEntry.get(id)?.some((slot) => slot.form === 'original') ?? false;
}

/** Slots of an entry id (or a block key), in transcript order. */
export function slotsOf(view: View, id: string): Slot[] {
  const slots = new Set(view.index.byEntry.get(id) ?? []);
  const byItsKey = view.byKey.get(id);
  if (byItsKey) slots.add(byItsKey);
  return inTranscriptOrder(slots);
}

import { readInside, recall } from '../../recall/index.js';
import type { InsideOptions, InsideResult } from '../../recall/index.js';
import type { Entry, RecallOptions, RecallResult } from '../../store/index.js';
import type { Block } from '../../transcript/index.js';
import type { Ledger } from '../ledger/ledger.js';
import { originalBlock } from '../render/read-back.js';
import type { Session } from '../session/session.js';
import type { Form } from '../view/slot.js';
import { shownInFull, slotsOf } from '../view/view-index.js';
import type { View } from '../view/view.js';

/** What the model (or a person) reads back: a recall or a fetch counts as the block recalled now. */

export interface FetchResult {
  entry: Entry;
  /** The original block: from the transcript when it is in it, else rebuilt from a media entry. */
  block?: Block;
  /** The block's form in context now, when it is in the transcript. */
  form?: Form;
  /** The lines asked for (a query's matches with context, or a range), when asked. */
  inside?: InsideResult;
}

/**
 * Searches the store as the model's recall does: what it sees in full takes no hit's place (the
 * options may say otherwise). What matched, shown or in context, is what the model is after now:
 * its blocks are not stale.
 */
export function recallAsModel(
  view: View,
  session: Session,
  ledger: Ledger,
  query: string,
  options: RecallOptions | undefined,
): RecallResult {
  const inContext = (id: string) => shownInFull(view.index, id);
  const result = recall(session.store, query, session.scope, { inContext, ...options });
  for (const id of [...result.hits.map((hit) => hit.id), ...(result.inContext ?? [])])
    for (const slot of slotsOf(view, id)) ledger.access.set(slot.key, view.turns);
  return result;
}

/** An entry by id, with its block and form when it is in the transcript (a fetch refreshes it). */
export function fetchEntry(
  view: View,
  session: Session,
  ledger: Ledger,
  id: string,
  options: InsideOptions | undefined,
): FetchResult | undefined {
  const { store } = session;
  const entry = store.fetch(id);
  if (!entry) return undefined;
  const asked = options?.query !== undefined || options?.lines !== undefined;
  const inside = asked && entry.kind === 'text' ? { inside: readInside(entry.original, options) } : {};
  const slot = slotsOf(view, entry.id)[0];
  if (slot) {
    ledger.access.set(slot.key, view.turns);
    if (slot.form !== 'original') ledger.counters.stubsRecalled++;
    return { entry, block: originalBlock(slot, store), form: slot.form, ...inside };
  }
  store.touch(entry.id);
  if (entry.kind === 'media') return { entry, block: JSON.parse(entry.original) as Block };
  return { entry, ...inside };
}

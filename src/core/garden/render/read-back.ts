import { GardenerError } from '../../../errors.js';
import type { Store } from '../../store/index.js';
import type { Block } from '../../transcript/index.js';
import type { RetrievalWords } from '../session/words.js';
import { withText } from '../view/shell.js';
import type { Slot } from '../view/slot.js';
import { stubText, summaryText, withShortText, type TextLike } from './form-text.js';

/**
 * The block a slot shows in its form. A one-shot garden lets go of what it can get back byte for
 * byte (ingest/release.ts): the original and the summary are read from the store, the stub is
 * rebuilt from the slot's own fields, each as settling built it (ingest/variants.ts). Nothing
 * read back is kept on the slot.
 */
export function shownBlock(slot: Slot, store: Store, words: RetrievalWords): Block {
  const held = slot.blocks[slot.form];
  if (held !== undefined) return held;
  switch (slot.form) {
    case 'original':
      return originalBlock(slot, store);
    case 'stub':
      return withShortText(slot.block, stubText(labelOf(slot, words)));
    case 'summary': {
      const label = labelOf(slot, words);
      const stored = store.summaryOf(label.id);
      if (stored === undefined)
        throw new GardenerError('NOT_FOUND', `the summary of block ${slot.key} is no longer in the store`);
      const { summary, tokensSummary } = stored;
      return withShortText(slot.block, summaryText({ ...label, summary, summaryTokens: tokensSummary }));
    }
  }
}

/** The block as it came, with its text read back from the store when it was dropped. */
export function originalBlock(slot: Slot, store: Store): Block {
  if (!slot.released) return slot.blocks.original ?? slot.block;
  return withText(slot.block, storedText(slot, store));
}

/** The original text of a slot as the store holds it. */
export function storedText(slot: Slot, store: Store): string {
  const entry = slot.entryId === undefined ? undefined : store.fetch(slot.entryId);
  if (entry === undefined)
    throw new GardenerError('NOT_FOUND', `the original of block ${slot.key} is no longer in the store`);
  return entry.original;
}

/** What a settled slot's labels were made of (ingest/settle.ts storeText's `info`). */
function labelOf(slot: Slot, words: RetrievalWords): TextLike {
  const { cls, entryId } = slot;
  if (cls === undefined || entryId === undefined)
    throw new GardenerError('INTERNAL', `block ${slot.key} has no shortened form: it was never stored`);
  return {
    cls,
    id: entryId,
    hint: slot.hint,
    before: slot.textTokens,
    words,
    ...(slot.note !== undefined ? { note: slot.note } : {}),
  };
}

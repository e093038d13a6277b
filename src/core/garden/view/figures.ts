import { MESSAGE_OVERHEAD } from '../../tokens/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import type { Transcript } from '../../transcript/index.js';
import { slotTokens } from './pressure-tally.js';
import type { MessageFigures, MessageView, View } from './view.js';

/**
 * Token figures of the view: each message's, counted once and kept until one of its slots changes
 * (view.ts slotChanged), and their sum, to which only the messages new or changed since are added.
 */

/** Tokens of a message as rendered now (what countMessage would say of the rendered message). */
export function messageTokens(entry: MessageView): number {
  return messageFigures(entry).rendered;
}

/** Tokens of a message with every block in its original form. */
export function originalMessageTokens(entry: MessageView): number {
  return messageFigures(entry).original;
}

/** Both counts of a message, counted once and kept until one of its slots changes. */
export function messageFigures(entry: MessageView): MessageFigures {
  if (entry.figures) return entry.figures;
  let rendered = MESSAGE_OVERHEAD;
  let original = MESSAGE_OVERHEAD;
  for (const slot of entry.slots) {
    rendered += slotTokens(slot);
    original += slotTokens(slot, 'original');
    for (const child of slot.children ?? []) {
      rendered += slotTokens(child);
      original += slotTokens(child, 'original');
    }
  }
  // Context gardener added is rendered; the client never sent it.
  if (entry.injection) rendered += entry.injection.tokens;
  entry.figures = { rendered, original };
  return entry.figures;
}

/** Estimated tokens of the request as it renders now (before injection). */
export function estimate(view: View): number {
  return view.fixedTokens + viewTotals(view).rendered;
}

/** The same with every block in its original form. */
export function originalEstimate(view: View): number {
  return view.fixedTokens + viewTotals(view).original;
}

/** Σ of the messages' figures: only the messages new or changed since the last sum are counted (view.ts uncount). */
function viewTotals(view: View): MessageFigures {
  for (const m of view.uncounted) {
    const figures = messageFigures(view.messages[m] as MessageView);
    view.totals.rendered += figures.rendered;
    view.totals.original += figures.original;
  }
  view.uncounted.clear();
  return view.totals;
}

/** Tokens of the system prompt and tool definitions, counted as countRequest counts them. */
export function countFixed(tokenizer: Tokenizer, transcript: Pick<Transcript, 'system' | 'tools'>): number {
  let total = 0;
  if (typeof transcript.system === 'string') total += tokenizer.count(transcript.system);
  else if (Array.isArray(transcript.system))
    for (const block of transcript.system) total += tokenizer.count(block.text);
  if (transcript.tools) total += tokenizer.count(JSON.stringify(transcript.tools));
  return total;
}

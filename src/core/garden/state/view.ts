import type { MessageParam } from '../../transcript/index.js';
import type { Form, Slot } from '../types.js';

/** One message of the synced transcript. */
export interface MessageView {
  role: string;
  /** The message with injected regions stripped. */
  source: MessageParam;
  /** Content was a string (rendered back as a string). */
  isString: boolean;
  /** A role gardener does not know: sent exactly as it came. */
  passthrough: boolean;
  /** Top-level blocks, in order (media parts of tool results hang below their tool_result). */
  slots: Slot[];
  /** Assistant messages before this one. */
  turn: number;
  /** Its tokens as rendered and in original form, once counted (render.ts); cleared when a slot changes. */
  figures: MessageFigures | undefined;
}

/** Tokens of a message (or of all of them) as rendered now and with every block in its original form. */
export interface MessageFigures {
  rendered: number;
  original: number;
}

/** The engine's picture of the transcript after a sync. */
export interface View {
  messages: MessageView[];
  /** Every slot by key, media parts included. */
  byKey: Map<string, Slot>;
  /** Every slot in transcript order, media parts right after their tool_result. */
  all: Slot[];
  /** Assistant messages in the transcript. */
  turns: number;
  /** Σ of the messages' figures, once summed (state.ts); cleared when a slot changes. */
  totals: MessageFigures | undefined;
}

export function emptyView(): View {
  return { messages: [], byKey: new Map(), all: [], turns: 0, totals: undefined };
}

/**
 * A slot's form or token counts changed (an event, or settling built its forms): the cached figures
 * of its message and of the whole view are counted again when next read.
 */
export function slotChanged(view: View, slot: Slot): void {
  const message = view.messages[slot.message];
  if (message) message.figures = undefined;
  view.totals = undefined;
}

/** Tokens of a slot in its current form (a form it cannot take counts as original). */
export function slotTokens(slot: Slot, form: Form = slot.form): number {
  return slot.tokens[form] ?? slot.tokens.original ?? 0;
}

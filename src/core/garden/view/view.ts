import type { MessageParam, Transcript } from '../../transcript/index.js';
import type { Slot } from './slot.js';
import { NO_THINKING_RULES, type ThinkingRules } from './thinking.js';
import { emptyIndex, indexSlot, type ViewIndex } from './view-index.js';

export { hasForm, slotTokens } from './view-index.js';

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
  /** Its tokens as rendered and in original form, once counted (figures.ts); cleared when a slot changes. */
  figures: MessageFigures | undefined;
  /** The message as last rendered (render/render.ts), kept until one of its slots changes; read-only. */
  rendered?: MessageParam;
  /** `source` is a shell, its content taken out (a one-shot garden): rendered from the slots alone. */
  shell?: true;
  /**
   * Recalled context gardener added to this message when it was the newest (render/inject.ts), kept
   * in it from then on where a thinking block is bound to what was sent (preserved thinking).
   */
  injection?: { text: string; tokens: number };
}

/** Tokens of a message (or of all of them) as rendered now and with every block in its original form. */
export interface MessageFigures {
  rendered: number;
  original: number;
}

/**
 * A message as the door handed it in (ingest/prefix.ts): the object and, one level down, what it
 * held, so that the next sync can tell an unchanged message without reading it again.
 */
export interface MessageInput {
  message: MessageParam;
  role: string;
  content: MessageParam['content'];
  /** The content's blocks when it is an array (a copy of the references, not of the blocks). */
  blocks: readonly unknown[] | undefined;
}

/** A tool call seen in the transcript, by id: what its result is classified and labelled with. */
export interface ToolCall {
  name: string;
  input: Record<string, unknown>;
}

/**
 * The engine's picture of the transcript. Sync keeps it from one call to the next: the messages the
 * door sends again unchanged keep their entries, and only what is new is read (ingest/sync.ts).
 * Only ingest changes what it says; the counts and renderings it keeps (figures, `rendering`) are
 * caches that readers fill and a change of a slot drops (slotChanged, uncount).
 */
export interface View {
  messages: MessageView[];
  /** Every slot by key, media parts included. */
  byKey: Map<string, Slot>;
  /** Every slot in transcript order, media parts right after their tool_result. */
  all: Slot[];
  /** Assistant messages in the transcript. */
  turns: number;
  /** Σ of the figures of the messages counted so far (figures.ts); those not in `uncounted`. */
  totals: MessageFigures;
  /** Messages whose figures are not in `totals` yet (new, or one of their slots changed). */
  uncounted: Set<number>;
  /** The messages as last rendered (render/render.ts renderMessages), read-only: a prefix of the view's. */
  rendering: MessageParam[];
  /** Messages of `rendering` whose rendering was dropped since (one of their slots changed). */
  rerender: Set<number>;
  /** Top-level slots (media parts not counted). */
  blocks: number;
  /** The messages as handed in, for the next sync's prefix check. */
  inputs: MessageInput[];
  /** The stripped messages (each `messages[m].source`), as one array for the typed-by-user rule. */
  sources: MessageParam[];
  /** Tool calls by id. */
  toolCalls: Map<string, ToolCall>;
  /** The transcript's format and observation list the view was read with (a change means a full sync). */
  reading: string;
  /** Slots by property, kept as slots change (view-index.ts). */
  index: ViewIndex;
  /**
   * The transcript last synced, for the request around the rendered messages (its other fields,
   * system prompt and tools); a one-shot garden keeps it without its messages.
   */
  transcript: Transcript | undefined;
  /** Tokens of the system prompt and tool definitions (figures.ts countFixed). */
  fixedTokens: number;
  /** The system prompt and tools `fixedTokens` counts, as JSON (counted again only when they change). */
  fixedKey: string | undefined;
  /** What the request's model does with thinking blocks sent back (view/thinking.ts). */
  thinking: ThinkingRules;
  /** The newest message holding text the user typed (-1: none): the model's turn began there. */
  lastTyped: number;
}

export function emptyView(): View {
  return {
    messages: [],
    byKey: new Map(),
    all: [],
    turns: 0,
    totals: { rendered: 0, original: 0 },
    uncounted: new Set(),
    rendering: [],
    rerender: new Set(),
    blocks: 0,
    inputs: [],
    sources: [],
    toolCalls: new Map(),
    reading: '',
    index: emptyIndex(),
    transcript: undefined,
    fixedTokens: 0,
    fixedKey: undefined,
    thinking: NO_THINKING_RULES,
    lastTyped: -1,
  };
}

/**
 * A slot's form or token counts changed (an event, or settling built its forms): the cached figures
 * of its message leave the view's totals and are counted again when next read, and the slot's
 * place in the indexes is brought up to date.
 */
export function slotChanged(view: View, slot: Slot): void {
  const message = view.messages[slot.message];
  if (message) uncount(view, slot.message);
  indexSlot(view.index, slot);
}

/** Takes a message's figures out of the view's totals (they are counted again when next read) and drops its rendering. */
export function uncount(view: View, m: number): void {
  const message = view.messages[m];
  if (message === undefined) return;
  if (!view.uncounted.has(m) && message.figures) {
    view.totals.rendered -= message.figures.rendered;
    view.totals.original -= message.figures.original;
  }
  message.figures = undefined;
  message.rendered = undefined;
  view.uncounted.add(m);
  if (m < view.rendering.length) view.rerender.add(m);
}

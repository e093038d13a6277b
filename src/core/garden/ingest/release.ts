import type { Store } from '../../store/index.js';
import type { MessageParam, Transcript } from '../../transcript/index.js';
import { storedText } from '../render/read-back.js';
import { blockShell, withText } from '../view/shell.js';
import type { Slot } from '../view/slot.js';
import type { View } from '../view/view.js';

/**
 * One-shot doors (`gardener compress`) let the engine drop an original from memory once the store
 * holds it: the store is the way back, and the engine reads it from there when a step needs it
 * again (rendering it in its original form, fetch). Only an original the store holds byte for byte
 * is dropped (nothing redacted from it), and only where the block is the text and a shell:
 * a tool result whose content is one string or one text part, or user text that is not typed
 * (an observation). What the agent or the user wrote is kept: the planner reads it.
 */
export function releaseOriginal(slot: Slot): void {
  const shell = blockShell(slot);
  if (shell === undefined) return;
  slot.block = shell;
  slot.blocks.original = undefined;
  slot.text = '';
  slot.released = true;
}

/**
 * A one-shot door also lets go of a settled text's or tool result's shortened forms, which the render
 * rebuilds byte for byte (render/read-back.ts): the stub from the slot's own fields, the summary
 * from the store's copy when the store holds exactly this one (`summaryStored`: the entry is new,
 * not one of the same content stored earlier with a summary of its own, and the text survives UTF-8).
 */
export function releaseForms(slot: Slot, summaryStored: boolean): void {
  if (slot.kind !== 'text' && slot.kind !== 'tool_result') return;
  slot.blocks.stub = undefined;
  if (summaryStored) slot.blocks.summary = undefined;
}

/** Whether settling may drop this slot's original: a text and a shell, stored exactly (UTF-8 can hold it). */
export function releasable(slot: Slot, stored: string): boolean {
  if (slot.released || slot.entryId === undefined || slot.forgotten || stored !== slot.text) return false;
  if (hasLoneSurrogate(stored)) return false;
  if (slot.kind === 'text') return slot.role === 'user' && !slot.typed;
  return slot.kind === 'tool_result' && (slot.children?.length ?? 0) === 0;
}

/** A UTF-16 surrogate without its pair: encoded to UTF-8 (as SQLite stores text), it becomes U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the store would give a text back changed (UTF-8 cannot hold a lone surrogate). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Puts a dropped original back on its slot (a step will render it in its original form). */
export function restoreOriginal(slot: Slot, store: Store): void {
  if (!slot.released) return;
  const text = storedText(slot, store);
  const block = withText(slot.block, text);
  slot.block = block;
  slot.blocks.original = block;
  slot.text = text;
  slot.released = undefined;
}

/**
 * What a one-shot garden does once a transcript is synced: it takes the messages (the door handed
 * them over; the transcript's array is emptied) and keeps only shells of them, so that the
 * originals its slots drop are held by nothing. Returns the transcript without its messages. A
 * later sync finds no messages to compare with and reads the transcript anew (slots are kept by key).
 */
export function takeMessages(view: View, transcript: Transcript): Transcript {
  view.inputs.length = 0;
  view.sources.length = 0;
  for (let m = 0; m < view.messages.length; m++) shellMessage(view, m);
  const rest: Transcript = { ...transcript, messages: [] };
  transcript.messages.length = 0;
  return rest;
}

/**
 * Message `m` of the view keeps only a shell (its role and other fields, no content): its slots
 * hold what it is rendered from. Returns the shell, or undefined when the message keeps its source
 * (passed through as is) or is a shell already.
 */
export function shellMessage(view: View, m: number): MessageParam | undefined {
  const entry = view.messages[m];
  if (entry === undefined || entry.passthrough || entry.shell) return undefined;
  entry.source = messageShell(entry.source, entry.isString);
  entry.shell = true;
  return entry.source;
}

/** Shells of messages that hold a role and content alone, by role and kind of content: shared, frozen. */
const SHARED_SHELLS = new Map<string, MessageParam>();

/** A message's shell; one that holds nothing but its role is the one shell of its role. */
function messageShell(source: MessageParam, isString: boolean): MessageParam {
  const keys = Object.keys(source);
  if (keys.length !== 2 || keys[0] !== 'role' || keys[1] !== 'content')
    return { ...source, content: isString ? '' : [] };
  const id = `${source.role}${isString ? ':string' : ':blocks'}`;
  const known = SHARED_SHELLS.get(id);
  if (known !== undefined) return known;
  const content = isString ? '' : (Object.freeze([]) as unknown as []);
  const shell: MessageParam = Object.freeze({ role: source.role, content });
  SHARED_SHELLS.set(id, shell);
  return shell;
}

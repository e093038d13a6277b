import { debug } from '../../../debug.js';
import type { Scope, Store } from '../../store/index.js';
import { FORMS, type Form } from '../view/slot.js';
import { emptyCounters, type GardenCounters } from './counters.js';
import type { GardenEvent } from './events.js';
import { emptySavedThinking, readSavedThinking, type SavedThinking } from './thinking.js';

/** Session-state key of the engine's saved state. */
export const STATE_KEY = 'garden';
/** Events kept in the saved state (the counters keep the totals). */
export const SAVED_EVENTS = 20;
/**
 * Form changes per saved chunk: an event rewrites the chunk it adds to, never all the forms; small,
 * because the open chunk is rewritten (redacted, deflated) at every event on the request path.
 */
export const FORM_CHUNK_ENTRIES = 32;

/** Session-state key of the n-th chunk of saved forms. */
export function formChunkKey(n: number): string {
  return `${STATE_KEY}.forms.${n}`;
}

/**
 * What survives a restart of a door: forms (sticky), pins, recall refreshes, counters. The forms
 * are saved apart, in chunks read in order (a later entry wins; `original` takes a form back), so
 * that saving an event's changes does not rewrite every form of the session.
 */
export interface SavedState {
  v: 1;
  /** Forms other than original, by block key (states saved before the chunks; read first). */
  forms: Record<string, Form>;
  /** Chunks of forms saved under formChunkKey(0…formChunks − 1). */
  formChunks: number;
  pinned: string[];
  /** Turn of the last recall, by block key. */
  access: Record<string, number>;
  counters: GardenCounters;
  events: GardenEvent[];
  eventSeq: number;
  lastRenderAt: number | null;
  /** Thinking blocks left out, context added to messages, pass-through (ledger/thinking.ts). */
  thinking: SavedThinking;
}

function emptyState(): SavedState {
  return {
    v: 1,
    forms: {},
    formChunks: 0,
    pinned: [],
    access: {},
    counters: emptyCounters(),
    events: [],
    eventSeq: 0,
    lastRenderAt: null,
    thinking: emptySavedThinking(),
  };
}

/** The saved state of a session; a missing or unreadable one starts afresh (and says so in the debug log). */
export function loadState(store: Store, scope: Scope): SavedState {
  const raw = store.sessionStateGet(scope, STATE_KEY);
  if (raw === undefined) return emptyState();
  try {
    const parsed = JSON.parse(raw) as Partial<SavedState>;
    if (parsed.v !== 1) throw new Error(`unknown version ${String(parsed.v)}`);
    const formChunks = Number.isInteger(parsed.formChunks) ? (parsed.formChunks as number) : 0;
    const forms = readForms(parsed.forms ?? {}, {});
    for (let n = 0; n < formChunks; n++) {
      const chunk = store.sessionStateGet(scope, formChunkKey(n));
      if (chunk === undefined) throw new Error(`form chunk ${n} of ${formChunks} missing`);
      readForms(JSON.parse(chunk) as Record<string, Form>, forms);
    }
    return {
      v: 1,
      forms,
      formChunks,
      pinned: Array.isArray(parsed.pinned) ? parsed.pinned.filter((p) => typeof p === 'string') : [],
      access: { ...(parsed.access ?? {}) },
      counters: { ...emptyCounters(), ...(parsed.counters ?? {}) },
      events: Array.isArray(parsed.events) ? parsed.events.slice(-SAVED_EVENTS) : [],
      eventSeq: typeof parsed.eventSeq === 'number' ? parsed.eventSeq : 0,
      lastRenderAt: typeof parsed.lastRenderAt === 'number' ? parsed.lastRenderAt : null,
      thinking: readSavedThinking(parsed.thinking),
    };
  } catch (error) {
    debug('garden', 'saved state unreadable; starting afresh', { scope, error: String(error) });
    return emptyState();
  }
}

/** Applies saved form entries in order onto `into`: a known form is set, `original` removes the key. */
function readForms(entries: Record<string, unknown>, into: Record<string, Form>): Record<string, Form> {
  for (const [key, form] of Object.entries(entries)) {
    if (form === 'original') delete into[key];
    else if (FORMS.includes(form as Form)) into[key] = form as Form;
  }
  return into;
}

/** Saves the state without its forms (they are saved in chunks: saveFormChunk). */
export function saveState(store: Store, scope: Scope, state: SavedState): void {
  store.sessionStateSet(
    scope,
    STATE_KEY,
    JSON.stringify({ ...state, forms: {}, events: state.events.slice(-SAVED_EVENTS) }),
  );
}

export function saveFormChunk(store: Store, scope: Scope, n: number, entries: Record<string, Form>): void {
  store.sessionStateSet(scope, formChunkKey(n), JSON.stringify(entries));
}

/**
 * Starts a session's saved state afresh (its stored originals stay). With `unlessReadable`, only a
 * state that cannot be read is dropped (a missing one is left alone). Returns whether it was dropped.
 */
export function clearSavedState(
  store: Store,
  scope: Scope,
  options: { unlessReadable?: boolean } = {},
): boolean {
  if (options.unlessReadable) {
    const raw = store.sessionStateGet(scope, STATE_KEY);
    if (raw === undefined) return false;
    try {
      if ((JSON.parse(raw) as { v?: unknown }).v === 1) return false;
    } catch {
      // unreadable: dropped below
    }
  }
  store.sessionStateSet(scope, STATE_KEY, JSON.stringify(emptyState()));
  return true;
}

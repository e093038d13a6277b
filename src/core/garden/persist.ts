import { debug } from '../../debug.js';
import type { Scope, Store } from '../store/index.js';
import { FORMS, emptyCounters, type Form, type GardenCounters, type GardenEvent } from './types.js';

/** Session-state key of the engine's saved state. */
export const STATE_KEY = 'garden';
/** Events kept in the saved state (the counters keep the totals). */
export const SAVED_EVENTS = 20;

/** What survives a restart of a door: forms (sticky), pins, recall refreshes, counters. */
export interface SavedState {
  v: 1;
  /** Forms other than original, by block key. */
  forms: Record<string, Form>;
  pinned: string[];
  /** Turn of the last recall, by block key. */
  access: Record<string, number>;
  counters: GardenCounters;
  events: GardenEvent[];
  eventSeq: number;
  lastRenderAt: number | null;
}

export function emptyState(): SavedState {
  return {
    v: 1,
    forms: {},
    pinned: [],
    access: {},
    counters: emptyCounters(),
    events: [],
    eventSeq: 0,
    lastRenderAt: null,
  };
}

/** The saved state of a session; a missing or unreadable one starts afresh (and says so in the debug log). */
export function loadState(store: Store, scope: Scope): SavedState {
  const raw = store.sessionStateGet(scope, STATE_KEY);
  if (raw === undefined) return emptyState();
  try {
    const parsed = JSON.parse(raw) as Partial<SavedState>;
    if (parsed.v !== 1) throw new Error(`unknown version ${String(parsed.v)}`);
    const forms: Record<string, Form> = {};
    for (const [key, form] of Object.entries(parsed.forms ?? {})) if (FORMS.includes(form)) forms[key] = form;
    return {
      v: 1,
      forms,
      pinned: Array.isArray(parsed.pinned) ? parsed.pinned.filter((p) => typeof p === 'string') : [],
      access: { ...(parsed.access ?? {}) },
      counters: { ...emptyCounters(), ...(parsed.counters ?? {}) },
      events: Array.isArray(parsed.events) ? parsed.events.slice(-SAVED_EVENTS) : [],
      eventSeq: typeof parsed.eventSeq === 'number' ? parsed.eventSeq : 0,
      lastRenderAt: typeof parsed.lastRenderAt === 'number' ? parsed.lastRenderAt : null,
    };
  } catch (error) {
    debug('garden', 'saved state unreadable; starting afresh', { scope, error: String(error) });
    return emptyState();
  }
}

export function saveState(store: Store, scope: Scope, state: SavedState): void {
  store.sessionStateSet(
    scope,
    STATE_KEY,
    JSON.stringify({ ...state, events: state.events.slice(-SAVED_EVENTS) }),
  );
}

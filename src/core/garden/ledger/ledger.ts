import type { Store } from '../../store/index.js';
import type { Session } from '../session/session.js';
import type { Form } from '../view/slot.js';
import type { Anchor } from './calibration.js';
import type { GardenCounters } from './counters.js';
import { loadState, type SavedState } from './persist.js';
import { createRegretGuard, type RegretGuard } from './regret-guard.js';
import { openFormLog, type FormLog } from './save-state.js';
import { openThinkingLedger, type ThinkingLedger } from './thinking.js';

/** The last rendered request: when, how many messages (the cached prefix), how many tokens. */
export interface LastRender {
  at: number;
  messages: number;
  tokens: number;
}

/**
 * What a garden remembers of its own history: the forms, pins and recall refreshes it keeps across
 * restarts, its counters and events, the provider's last count, the last render and the regret
 * guard's tallies. Ingest writes it; the plan and the render read it.
 */
export interface Ledger {
  /** What is saved across restarts (forms saved before, pins, counters, events). */
  readonly saved: SavedState;
  readonly counters: GardenCounters;
  readonly pinned: Set<string>;
  /** Turn of the last recall, by block key. */
  readonly access: Map<string, number>;
  /** Saved forms of blocks not seen yet in this process (applied when they are synced). */
  readonly savedForms: Map<string, Form>;
  /** Messages whose injected regions were already counted (a door re-sends its history every call). */
  readonly strippedSeen: Set<string>;
  /** Where form changes are saved (save-state.ts). */
  readonly formLog: FormLog;
  /** The provider's last count, for calibration. */
  anchor: Anchor | undefined;
  lastRender: LastRender | undefined;
  /** Modelled cost with gardener against unmanaged, as a door reports it (regret-guard.ts). */
  readonly guard: RegretGuard;
  /** The thinking blocks sent back: their bindings, those left out, context added (thinking.ts). */
  readonly thinking: ThinkingLedger;
}

/** The ledger of a session: what an earlier process saved (unless persistence is off), else a fresh one. */
export function openLedger(session: Session): Ledger {
  const saved = loadState(session.config.persist ? session.store : emptyStore, session.scope);
  return {
    saved,
    counters: saved.counters,
    pinned: new Set(saved.pinned),
    access: new Map(Object.entries(saved.access)),
    savedForms: new Map(Object.entries(saved.forms)),
    strippedSeen: new Set(),
    formLog: openFormLog(saved),
    anchor: undefined,
    lastRender: saved.lastRenderAt === null ? undefined : { at: saved.lastRenderAt, messages: 0, tokens: 0 },
    guard: createRegretGuard(),
    thinking: openThinkingLedger(saved.thinking),
  };
}

/** Stands in for the store's session state when persistence is off. */
const emptyStore = { sessionStateGet: () => undefined } as unknown as Store;

import type { RegretGuard } from '../plan/regret-guard.js';
import type { Scope, Store } from '../../store/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import type { Transcript } from '../../transcript/index.js';
import type { SettleOptions, SettleResult } from '../api.js';
import type { Anchor } from '../plan/calibration.js';
import type { GardenConfig } from '../config.js';
import type { IngestDeps } from '../ingest/ingest.js';
import { settleSlot } from '../ingest/settle.js';
import type { SavedState } from '../persist.js';
import type { FormLog } from '../save-state.js';
import { recentMentions } from '../plan/recent.js';
import { messageFigures, originalMessageTokens } from '../render/render.js';
import type { StepContext } from '../plan/steps.js';
import { tally } from '../ingest/sync.js';
import type { GardenCounters, Slot } from '../types.js';
import { slotChanged, type MessageFigures, type MessageView, type View } from './view.js';
import { inTranscriptOrder } from './view-index.js';
import { oversized, windowStart, type WorkingWindow } from '../plan/window.js';

/** The last rendered request: when, how many messages (the cached prefix), how many tokens. */
export interface LastRender {
  at: number;
  messages: number;
  tokens: number;
}

/** Everything one garden knows; the engine's functions read and change it (src/core/garden/garden.ts wires them). */
export interface GardenState {
  readonly config: GardenConfig;
  readonly store: Store;
  readonly scope: Scope;
  readonly tokenizer: Tokenizer;
  readonly deps: IngestDeps;
  /** What is saved across restarts (forms, pins, counters, events). */
  readonly saved: SavedState;
  readonly counters: GardenCounters;
  readonly pinned: Set<string>;
  /** Turn of the last recall, by block key. */
  readonly access: Map<string, number>;
  /** Saved forms of blocks not seen yet in this process (applied when they are synced). */
  readonly savedForms: Map<string, SavedState['forms'][string]>;
  readonly strippedSeen: Set<string>;
  /** Where form changes are saved (save-state.ts). */
  readonly formLog: FormLog;
  budget: number;
  view: View;
  transcript: Transcript | undefined;
  /** Tokens of the system prompt and tool definitions. */
  fixedTokens: number;
  /** The system prompt and tools `fixedTokens` counts, as JSON. */
  fixedKey: string | undefined;
  /** The provider's last count, for calibration. */
  anchor: Anchor | undefined;
  lastRender: LastRender | undefined;
  /** Modelled cost with gardener against unmanaged, as a door reports it (regret-guard.ts). */
  readonly guard: RegretGuard;
}

/** Estimated tokens of the request as it renders now (before injection). */
export function estimate(state: GardenState): number {
  return state.fixedTokens + viewTotals(state.view).rendered;
}

/** The same with every block in its original form. */
export function originalEstimate(state: GardenState): number {
  return state.fixedTokens + viewTotals(state.view).original;
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

/** The working window for a budget (default: the garden's). */
export function workingWindow(state: GardenState, limit = state.budget): WorkingWindow {
  const maxTokens = windowMaxTokens(state, limit);
  const { view } = state;
  const size = (m: number) => originalMessageTokens(view.messages[m] as MessageView);
  return { start: windowStart(view, state.config.keepLastTurns, size, maxTokens), maxTokens };
}

/** The most tokens the working window holds verbatim under a budget (see WorkingWindow). */
export function windowMaxTokens(state: GardenState, limit = state.budget): number {
  return Math.floor(state.config.windowMaxShare * limit);
}

/** What the step rules need to know besides the view. */
export function stepContext(
  state: GardenState,
  window: WorkingWindow,
  minSaving = state.config.minSavingTokens,
): StepContext {
  return {
    window,
    pinned: state.pinned,
    mentions: recentMentions(state.view),
    access: state.access,
    minSaving,
  };
}

/** Slots of an entry id (or a block key), in transcript order. */
export function slotsOf(state: GardenState, id: string): Slot[] {
  const { byKey, index } = state.view;
  const slots = new Set(index.byEntry.get(id) ?? []);
  const byItsKey = byKey.get(id);
  if (byItsKey) slots.add(byItsKey);
  return inTranscriptOrder(slots);
}

/**
 * Stores the pending slots that `which` selects (classify → compress → store), oldest first. With a
 * deadline (a `performance.now()` time) it stops once the deadline has passed, after at least one
 * block, so a caller can spread the work over several turns of its event loop.
 */
export function settleWhere(
  state: GardenState,
  which: (slot: Slot) => boolean,
  options: SettleOptions = {},
): SettleResult {
  const result: SettleResult = { ingested: 0, byClass: {}, pending: 0 };
  // A copy: settling takes slots out of the pending index.
  for (const slot of [...state.view.index.pending]) {
    if (!slot.pending || !which(slot)) continue;
    if (result.ingested > 0 && stopNow(options)) {
      result.pending++;
      continue;
    }
    settleOne(state, slot, result);
  }
  return result;
}

/** Stores one pending slot and counts it in `result`. */
export function settleOne(state: GardenState, slot: Slot, result: SettleResult): void {
  settleSlot(slot, state.deps);
  slotChanged(state.view, slot);
  result.ingested++;
  tally(result.byClass, slot);
}

function stopNow({ deadline, yieldTo }: SettleOptions): boolean {
  return (deadline !== undefined && performance.now() >= deadline) || (yieldTo?.() ?? false);
}

/** Blocks the engine may shorten now must be stored first: those before the window and oversized ones. */
export function settleOutsideWindow(state: GardenState, window: WorkingWindow): SettleResult {
  return settleWhere(state, (slot) => slot.message < window.start || oversized(slot, window));
}

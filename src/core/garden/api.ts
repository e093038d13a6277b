import type { InsideOptions } from '../recall/index.js';
import type { Note, RecallOptions, RecallResult, Scope } from '../store/index.js';
import type { MessagesRequest, Transcript } from '../transcript/index.js';
import type { FetchResult } from './ingest/access.js';
import type { ChangeResult } from './ingest/changes.js';
import type { SettleOptions, SettleResult } from './ingest/settle-where.js';
import type { SyncResult } from './ingest/sync.js';
import type { GardenCounters } from './ledger/counters.js';
import type { GardenEvent } from './ledger/events.js';
import type { PlanOptions, PlanResult } from './plan/plan-result.js';
import type { PressureReport } from './plan/pressure.js';
import type { StreamedRequest } from './render/request.js';
import type { GardenOptions } from './session/session.js';
import type { BreakdownClass, ClassBreakdown } from './view/slot.js';

/** The engine's public surface: what every door calls (docs/DESIGN.md "One core, many doors"). */

export type {
  ChangeResult,
  FetchResult,
  PlanOptions,
  PlanResult,
  SettleOptions,
  SettleResult,
  StreamedRequest,
};
export type { GardenOptions };

export interface RenderOptions {
  /** Add recall injection to the newest user turn (default: as configured). */
  inject?: boolean;
}

export interface CompactAllOptions {
  /** Only blocks of at least this many tokens. */
  minTokens?: number;
  keepLastTurns?: number;
  /**
   * The blocks have not been sent yet and their form is decided once, now (a client that owns its
   * context afterwards): no working window, and a block takes its summary only where the first-send
   * rule says so (plan/first-send.ts).
   */
  firstSend?: boolean;
}

export interface Garden {
  readonly scope: Scope;
  budget(): number;
  setBudget(budget: number): void;
  /**
   * Takes the transcript as it is now: recognises known blocks, registers new ones with their exact
   * token counts, and stores (classify → compress → store) those outside the working window. New
   * blocks inside the window are stored by settle(), or when they leave it.
   */
  sync(transcript: Transcript): SyncResult;
  /**
   * Stores pending blocks now (every one, or until `options.deadline`). Doors call it while they wait,
   * e.g. while the model answers; the door kit's settleSoon() slices it so an event loop stays free.
   */
  settle(options?: SettleOptions): SettleResult;
  plan(options?: PlanOptions): PlanResult;
  render(options?: RenderOptions): MessagesRequest;
  /**
   * render() without recall injection, its messages rendered one at a time as they are read: a
   * writer holds the message it writes, not the whole request (a one-shot garden reads back what it
   * let go as it reaches it). Read the messages once, in order, before the next sync or event.
   */
  renderEach(): StreamedRequest;
  /**
   * Context pressure now. Settles pending blocks first so every block has its class, unless
   * `settle: false` (the request path): those then count under the class `pending`.
   */
  pressure(options?: { settle?: boolean }): PressureReport;
  /**
   * The modelled cost (core cache model, input-token units) of the request a door sent and of the
   * client's own request beside it: the regret guard stops profit events once the session costs
   * more with gardener than unmanaged (ledger/regret-guard.ts).
   */
  observeCost(costs: { managed: number; unmanaged: number }): void;
  /** The provider's `usage.input_tokens` for the last rendered request (calibrates pressure). */
  observeUsage(inputTokens: number): void;
  /**
   * Searches the store as the model's recall does: entries it sees in full in the context rendered
   * now take no hit's place (RecallResult.inContext names them).
   */
  recall(query: string, options?: RecallOptions): RecallResult;
  /** Whether the model sees the entry in full in the context as synced now. */
  inContext(id: string): boolean;
  /** An entry by id; with a query or a line range, also that part of its original (`inside`). */
  fetch(id: string, options?: InsideOptions): FetchResult | undefined;
  /** Brings an entry back to its original form in context (an event). */
  recallIntoContext(id: string): ChangeResult;
  /** Drops an entry to a stub in context (an event); `purge` also removes it from recall. */
  forget(id: string, options?: { purge?: boolean }): ChangeResult;
  pin(id: string): ChangeResult;
  unpin(id: string): boolean;
  note(text: string, options?: { tags?: string[]; pinned?: boolean }): Note;
  /** Every eligible block of at least `minTokens` to its summary, in one event (the no-budget compress). */
  compactAll(options?: CompactAllOptions): ChangeResult;
  classStats(): Partial<Record<BreakdownClass, ClassBreakdown>>;
  counters(): GardenCounters;
  events(): GardenEvent[];
  /** Saves the forms that events changed since the last save, if any (see the `saveLater` setting). */
  save(): void;
  /**
   * The API refused a request this garden rendered because a thinking block was bound to something
   * it changed (a 400 that the prefix check names; the garden's own check should have prevented it).
   * `pass-through`: every later request of the conversation goes out as the client sends it (a proxy,
   * whose client keeps its own history); `leave-out`: every thinking block kept so far is left out
   * for good (the chat, which owns its history), so the request is valid again.
   */
  bindingRefused(remedy: 'pass-through' | 'leave-out'): void;
  /** Whether the conversation goes out as the client sends it (after a binding refusal). */
  passesThrough(): boolean;
  /** Saves the state (forms, pins, counters) to the store. The store stays open: it is the caller's. */
  close(): void;
}

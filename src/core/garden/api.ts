import type { Entry, Note, RecallOptions, RecallResult, Scope, Store } from '../store/index.js';
import type { Tokenizer } from '../tokens/index.js';
import type { Block, MessageParam, MessagesRequest, Transcript } from '../transcript/index.js';
import type { BudgetFigures } from './plan/budget-check.js';
import type { GardenSettings } from './config.js';
import type { ClassifyFn, CompressFn } from './ingest/ingest.js';
import type { PressureReport } from './state/pressure.js';
import type { SyncResult } from './ingest/sync.js';
import type { BreakdownClass, ClassBreakdown, Form, GardenCounters, GardenEvent } from './types.js';
import type { InsideOptions, InsideResult } from '../recall/index.js';

/** The engine's public surface: what every door calls (docs/DESIGN.md "One core, many doors"). */

/** A request whose messages are rendered as they are read (Garden.renderEach). */
export interface StreamedRequest {
  system?: MessagesRequest['system'];
  tools?: MessagesRequest['tools'];
  messages: Iterable<MessageParam>;
  [key: string]: unknown;
}

export interface GardenOptions {
  store: Store;
  /** Project and session the garden works in (docs/DESIGN.md invariant 7). */
  session: Scope;
  /** Tokens the rendered request must stay under. */
  budget: number;
  tokenizer?: Tokenizer;
  config?: GardenSettings;
  /** Classifier and compressor; the real ones by default (tests may pass their own). */
  classify?: ClassifyFn;
  compress?: CompressFn;
}

export interface PlanOptions {
  /** Compact down to this many tokens now, without hysteresis (the `gardener compress --budget` path). */
  target?: number;
  /** Throw BUDGET_IMPOSSIBLE when the request cannot fit (default); false reports it in the result. */
  strict?: boolean;
}

export interface PlanResult {
  /** The event this plan made, if any. */
  event: GardenEvent | undefined;
  /** Estimated tokens of the request as it will render (before injection). */
  tokens: number;
  /** The same, calibrated on the provider's last count. */
  calibratedTokens: number;
  budget: number;
  /** The prompt cache was cold (idle longer than its TTL, or never used). */
  cold: boolean;
  /** Set (with strict: false) when the request cannot fit the budget. */
  impossible?: BudgetFigures;
}

export interface RenderOptions {
  /** Add recall injection to the newest user turn (default: as configured). */
  inject?: boolean;
}

export interface FetchResult {
  entry: Entry;
  /** The original block: from the transcript when it is in it, else rebuilt from a media entry. */
  block?: Block;
  /** The block's form in context now, when it is in the transcript. */
  form?: Form;
  /** The lines asked for (a query's matches with context, or a range), when asked. */
  inside?: InsideResult;
}

export interface ChangeResult {
  /** Blocks whose form changed. */
  changed: number;
  event?: GardenEvent;
  /** Why nothing changed. */
  reason?: 'unknown' | 'not in context' | 'protected' | 'already';
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

export interface SettleOptions {
  /** Stop once `performance.now()` passes this, after at least one block (a time-sliced settle). */
  deadline?: number;
  /** Stop, after at least one block, once this says true (a request is waiting for the thread). */
  yieldTo?: () => boolean;
}

export interface SettleResult {
  /** Blocks classified, compressed and stored. */
  ingested: number;
  byClass: SyncResult['byClass'];
  /** Blocks still waiting (a deadline stopped the settle before them). */
  pending: number;
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
   * more with gardener than unmanaged (regret-guard.ts).
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
  /** Saves the state (forms, pins, counters) to the store. The store stays open: it is the caller's. */
  close(): void;
}

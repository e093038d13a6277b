/**
 * gardener as a library: what a TypeScript program imports to garden its own agent's context.
 * The CLI is one client of it. Every export is listed by name.
 *
 *   const target = resolveTarget({ env: process.env, cwd: process.cwd(), session: 'my-agent' });
 *   const store = openDoorStore(target);
 *   const session = openSession({ store, scope: target.scope, budget: 32_000 });
 *   const { request } = session.next(transcript);   // send `request` to the Messages API
 *   void session.settleSoon();                       // store new blocks while the model answers
 */

// Doors: one conversation in, gardened requests out.
export { openSession } from './door/session.js';
export type { DoorSession, NextOptions, NextOutcome, NextRequest, SessionOptions } from './door/session.js';
export { createSessionPool, DEFAULT_POOL_SIZE } from './door/pool.js';
export type { PoolOptions, SessionPool } from './door/pool.js';
export { CLI_SESSION, resolveTarget } from './door/scope.js';
export type { StoreTarget, TargetRequest } from './door/scope.js';
export { openDoorStore, withStore } from './door/store.js';
export type { DoorStoreOptions } from './door/store.js';
export { settleInSlices, SETTLE_SLICE_MS } from './door/settle.js';
export type { SettleReport } from './door/settle.js';
export { compressTranscripts, mergeBreakdown } from './door/compress.js';
export type { CompressOptions, CompressResult, CompressStats } from './door/compress.js';
export { ingestTranscript } from './door/ingest.js';
export type { IngestReport } from './door/ingest.js';

// The engine, for programs that drive sync, plan and render themselves.
export { openGarden } from './garden/garden.js';
export type {
  ChangeResult,
  FetchResult,
  Garden,
  GardenOptions,
  PlanOptions,
  PlanResult,
  RenderOptions,
  SettleResult,
} from './garden/api.js';
export type { GardenSettings } from './garden/config.js';
export { SHELL_WORDS, TOOL_WORDS } from './garden/labels.js';
export type { RetrievalWords } from './garden/labels.js';
export { storedPressure } from './garden/pressure.js';
export type { PressureReport } from './garden/pressure.js';
export type { BreakdownClass, Form, GardenEvent } from './garden/types.js';

// The store and recall.
export { openStore } from './store/open.js';
export type {
  Entry,
  GardenerStore,
  Note,
  OpenStoreOptions,
  RecallHit,
  RecallOptions,
  RecallResult,
  Scope,
  Store,
} from './store/types.js';
export { recall } from './recall/recall.js';

// Transcripts: read any supported format, turn one into a request, check a request.
export { readInput } from './transcript/read-input.js';
export type { ReadInputOptions, ReadInputResult } from './transcript/read-input.js';
export { toRequest } from './transcript/types.js';
export type { Block, MessageParam, MessagesRequest, Transcript } from './transcript/types.js';
export { validate } from './transcript/validate.js';
export type { ValidationIssue, ValidationResult } from './transcript/validate.js';

export { GardenerError, isGardenerError } from './errors.js';
export type { ErrorCode } from './errors.js';

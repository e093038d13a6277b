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
export { openSession } from './doors/kit/session.js';
export type {
  DoorSession,
  NextOptions,
  NextOutcome,
  NextRequest,
  SessionOptions,
} from './doors/kit/session.js';
export { createSessionPool, DEFAULT_POOL_SIZE } from './doors/kit/pool.js';
export type { PoolOptions, SessionPool } from './doors/kit/pool.js';
export { CLI_SESSION, resolveTarget } from './doors/kit/scope.js';
export type { StoreTarget, TargetRequest } from './doors/kit/scope.js';
export { openDoorStore, withStore } from './doors/kit/store.js';
export type { DoorStoreOptions } from './doors/kit/store.js';
export { settleInSlices, SETTLE_SLICE_MS } from './doors/kit/settle.js';
export type { SettleReport } from './doors/kit/settle.js';
export { compressTranscripts, mergeBreakdown } from './doors/batch/compress.js';
export type { CompressOptions, CompressResult, CompressStats } from './doors/batch/compress.js';
export { ingestTranscript } from './doors/batch/ingest.js';
export type { IngestReport } from './doors/batch/ingest.js';

// The engine, for programs that drive sync, plan and render themselves.
export { openGarden } from './core/garden/index.js';
export type { Garden, GardenOptions } from './core/garden/index.js';
export type {
  ChangeResult,
  FetchResult,
  PlanOptions,
  PlanResult,
  RenderOptions,
  SettleResult,
} from './core/garden/constants.js';
export type { GardenSettings } from './core/garden/constants.js';
export { SHELL_WORDS, TOOL_WORDS } from './core/garden/constants.js';
export type { RetrievalWords } from './core/garden/constants.js';
export { storedPressure } from './core/garden/index.js';
export type { PressureReport } from './core/garden/constants.js';
export type { BreakdownClass, Form, GardenEvent } from './core/garden/constants.js';

// The store and recall.
export { openStore } from './core/store/index.js';
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
} from './core/store/index.js';
export { recall } from './core/recall/index.js';

// Transcripts: read any supported format, turn one into a request, check a request.
export { readInput } from './core/transcript/index.js';
export type { ReadInputOptions, ReadInputResult } from './core/transcript/index.js';
export { toRequest } from './core/transcript/index.js';
export type { Block, MessageParam, MessagesRequest, Transcript } from './core/transcript/index.js';
export { validate } from './core/transcript/index.js';
export type { ValidationIssue, ValidationResult } from './core/transcript/index.js';

export { GardenerError, isGardenerError } from './errors.js';
export type { ErrorCode } from './errors.js';

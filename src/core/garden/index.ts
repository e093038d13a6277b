/** The garden engine's public surface (docs/DESIGN.md: openGarden, sync, plan, render, pressure, recall, fetch, forget, note). */
export { openGarden } from './open.js';
export { openGardenWith, type GardenWithOptions } from './garden.js';
export type { CompressFn } from './ingest/ingest.js';
export type {
  ChangeResult,
  CompactAllOptions,
  FetchResult,
  Garden,
  GardenOptions,
  PlanOptions,
  PlanResult,
  RenderOptions,
  SettleResult,
  StreamedRequest,
} from './api.js';
export {
  resolveGardenConfig,
  DEFAULT_CACHE_TTL_MS,
  DEFAULT_HIGH_WATER,
  DEFAULT_INJECT_MAX_TOKENS,
  DEFAULT_KEEP_LAST_TURNS,
  DEFAULT_LOW_WATER,
} from './config.js';
export type { GardenConfig, GardenSettings } from './config.js';
export type { BudgetFigures } from './plan/budget-check.js';
export type { PressureReport } from './state/pressure.js';
export type { SyncResult } from './ingest/sync.js';
export { INJECT_BEGIN, INJECT_END, stripInjected, wrapInjected } from './ingest/strip.js';
export { stripMessage } from './ingest/strip-message.js';
export { typedByUser, type TypedTest } from './ingest/typed-by-user.js';
export {
  FORMS,
  INJECT_MODES,
  type BreakdownClass,
  type ClassBreakdown,
  type Form,
  type GardenCounters,
  type GardenEvent,
  type InjectMode,
} from './types.js';
export { PROXY_KEEP_LAST_TURNS } from './config.js';
export { MIN_BUDGET } from './constants.js';
export { blockKey, partKey } from './ingest/identity.js';
export { MIN_COMPRESS_TOKENS } from './ingest/ingest.js';
export { extractTerms, recallHint } from './ingest/terms.js';
export { textVariants, toolResultVariants } from './ingest/variants.js';
export type { TextLike } from './ingest/variants.js';
export { STATE_KEY, emptyState } from './persist.js';
export { budgetError } from './plan/budget-check.js';
export { CACHE_READ, CACHE_WRITE } from './plan/cost-model.js';
export { RECALL_LIMIT, buildInjection } from './render/inject.js';
export { LONG_ORIGINAL_TOKENS, PART_WORDS, SHELL_WORDS, TOOL_WORDS } from './render/labels.js';
export type { RetrievalWords } from './render/labels.js';
export { storedPressure } from './state/pressure.js';
export { BREAKDOWN_ORDER } from './types.js';

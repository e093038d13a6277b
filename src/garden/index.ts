/** The garden engine's public surface (DESIGN.md: openGarden, sync, plan, render, pressure, recall, fetch, forget, note). */
export { openGarden } from './garden.js';
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
export type { BudgetFigures } from './budget-check.js';
export type { PressureReport } from './pressure.js';
export type { SyncResult } from './sync.js';
export { INJECT_BEGIN, INJECT_END, stripInjected, wrapInjected } from './strip.js';
export { stripMessage } from './strip-message.js';
export { FORMATS_WITHOUT_TOOL_BLOCKS, typedByUser, type TypedTest } from './typed-by-user.js';
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

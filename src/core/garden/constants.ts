/**
 * The garden's light face: the engine's words, named constants and types, that doors share with it
 * and a short process needs (a command's help, a flag's check, a table's order) without loading the
 * engine. It imports only modules that import nothing at run time; the engine itself is index.ts.
 */

/**
 * The smallest budget any door accepts (`--budget` of chat, proxy, run and compress, and /budget):
 * below it a request holds little more than a system prompt.
 */
export const MIN_BUDGET = 1_000;
export {
  DEFAULT_KEEP_LAST_TURNS,
  FIRST_SEND_MIN_TOKENS,
  PREFIX_CHECK_SETTINGS,
  PROXY_KEEP_LAST_TURNS,
  type PrefixCheckSetting,
} from './session/defaults.js';
export { LONG_ORIGINAL_TOKENS, PART_WORDS, SHELL_WORDS, TOOL_WORDS } from './session/words.js';
export type { RetrievalWords } from './session/words.js';
export { BREAKDOWN_ORDER, FORMS } from './view/slot.js';
export type { BreakdownClass, ClassBreakdown, Form } from './view/slot.js';
export type {
  ChangeResult,
  CompactAllOptions,
  FetchResult,
  PlanOptions,
  PlanResult,
  RenderOptions,
  SettleResult,
  StreamedRequest,
} from './api.js';
export type { BlockForms } from './ingest/block-forms.js';
export type { GardenCounters } from './ledger/counters.js';
export type { GardenEvent } from './ledger/events.js';
export type { BudgetFigures } from './plan/budget-check.js';
export type { PressureReport } from './plan/pressure.js';
export type { GardenSettings } from './session/config.js';
export type { ToolCall } from './view/view.js';

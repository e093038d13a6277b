import { cacheModel } from '../../cache/constants.js';

/**
 * What a request's model does with the thinking blocks a request sends back (DESIGN "Preserved
 * thinking"; the per-model table of core/cache): whether they stay in the context and are billed as
 * input (counted), whether each one is bound to everything before it (bound: the API's prefix check
 * fails a request that changed what a block was produced after), and whether the request's thinking
 * is `enabled` (a tool loop's latest thinking must then stay).
 */
export interface ThinkingRules {
  counted: boolean;
  bound: boolean;
  enabled: boolean;
}

export const NO_THINKING_RULES: ThinkingRules = { counted: false, bound: false, enabled: false };

/**
 * The rules for a request to `model` with `thinking` as its config; `checked`: the account has the
 * API's prefix check enforced (GardenSettings.prefixCheck is not `off`).
 */
export function thinkingRules(model: unknown, thinking: unknown, checked: boolean): ThinkingRules {
  const row = cacheModel(typeof model === 'string' ? model : undefined);
  const type =
    typeof thinking === 'object' && thinking !== null ? (thinking as { type?: unknown }).type : undefined;
  return {
    counted: row.keepsThinking,
    bound: row.prefixCheck !== 'none' && checked,
    enabled: type === 'enabled',
  };
}

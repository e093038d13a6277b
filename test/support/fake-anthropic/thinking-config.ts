import { BINDING_BETA } from '../../../src/core/binding/index.js';
import { normaliseModelId } from '../../../src/core/cache/models.js';
import type { Json } from './types.js';

/** The beta that lets `thinking.display` be "updates". */
export const DISPLAY_UPDATES_BETA = 'thinking-display-updates-2026-08-18';

/** The `thinking.type` values each model refuses (platform.claude.com, build-with-claude/thinking). */
function refusedTypes(model: string): readonly string[] {
  const base = normaliseModelId(model);
  if (/^claude-(fable|mythos)-5/.test(base) || base === 'claude-opus-5-5' || base === 'claude-sonnet-5-5')
    return ['enabled', 'disabled'];
  if (base.startsWith('claude-haiku-4-5')) return ['adaptive'];
  return [];
}

/** The API's 400 for a thinking config the model does not take, if any. */
export function checkThinkingType(body: Json): string | undefined {
  const type: Json = body.thinking?.type;
  if (type === undefined) return undefined;
  if (typeof type !== 'string') return 'thinking.type: Field required';
  const model = String(body.model);
  if (type === 'between_tools') {
    if (normaliseModelId(model) !== 'claude-sonnet-5-5')
      return '"thinking.type.between_tools" is not supported for this model.';
    const extra = Object.keys(body.thinking).find((key) => key !== 'type');
    return extra ? `thinking.between_tools.${extra}: Extra inputs are not permitted` : undefined;
  }
  if (refusedTypes(model).includes(String(type))) {
    if (type === 'adaptive')
      return '"thinking.type.adaptive" is not supported for this model. Use "thinking.type.enabled" with "budget_tokens" instead.';
    return `"thinking.type.${String(type)}" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.`;
  }
  const effort: unknown = body.output_config?.effort;
  if (
    normaliseModelId(model) === 'claude-opus-5' &&
    type === 'disabled' &&
    (effort === 'xhigh' || effort === 'max')
  )
    return `"thinking.type.disabled" is not supported with effort "${String(effort)}" for this model.`;
  return undefined;
}

/**
 * `thinking.block_binding` as the API takes it: only with its beta header, only with adaptive or
 * enabled thinking, and `prefix_mismatch_behavior` "error" or "drop_block".
 */
export function checkBlockBinding(body: Json, betas: ReadonlySet<string>): string | undefined {
  const thinking = body.thinking;
  if (thinking?.block_binding === undefined) return undefined;
  const where = `thinking.${String(thinking.type)}.block_binding`;
  if (!betas.has(BINDING_BETA) || (thinking.type !== 'adaptive' && thinking.type !== 'enabled'))
    return `${where}: Extra inputs are not permitted`;
  const binding = thinking.block_binding;
  if (typeof binding !== 'object' || binding === null || Array.isArray(binding))
    return `${where}: Input should be a valid dictionary`;
  const extra = Object.keys(binding).find((key) => key !== 'prefix_mismatch_behavior');
  if (extra) return `${where}.${extra}: Extra inputs are not permitted`;
  const behavior: unknown = binding.prefix_mismatch_behavior;
  if (behavior !== undefined && behavior !== 'error' && behavior !== 'drop_block')
    return `${where}.prefix_mismatch_behavior: Input should be 'error' or 'drop_block'`;
  return undefined;
}

/** `thinking.display`: "summarized" or "omitted", and "updates" with its beta. */
export function checkDisplay(body: Json, betas: ReadonlySet<string>): string | undefined {
  const display: unknown = body.thinking?.display;
  if (display === undefined || display === 'summarized' || display === 'omitted') return undefined;
  if (display === 'updates' && betas.has(DISPLAY_UPDATES_BETA)) return undefined;
  const allowed = betas.has(DISPLAY_UPDATES_BETA)
    ? "'summarized', 'omitted' or 'updates'"
    : "'summarized' or 'omitted'";
  return `thinking.${String(body.thinking.type)}.display: Input should be ${allowed}`;
}

/** The request's `anthropic-beta` values (one header, comma-separated, or several). */
export function betasOf(headers: Json): Set<string> {
  const raw: unknown = headers?.['anthropic-beta'];
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return new Set(
    values
      .flatMap((value: string) => value.split(','))
      .map((value: string) => value.trim())
      .filter(Boolean),
  );
}

import { normaliseModelId } from '../../../src/core/cache/models.js';
import type { Json } from './types.js';

/** The models `GET /v1/models` lists: id, window, max output. */
export const MODELS: ReadonlyArray<{ id: string; window: number; output: number; created: string }> = [
  { id: 'claude-fable-5-2', window: 1_000_000, output: 128_000, created: '2026-11-09T00:00:00Z' },
  { id: 'claude-mythos-5-2', window: 1_000_000, output: 128_000, created: '2026-11-09T00:00:00Z' },
  { id: 'claude-haiku-5-5', window: 1_000_000, output: 128_000, created: '2026-10-07T00:00:00Z' },
  { id: 'claude-sonnet-5-5', window: 1_000_000, output: 128_000, created: '2026-09-28T00:00:00Z' },
  { id: 'claude-opus-5-5', window: 1_000_000, output: 128_000, created: '2026-09-22T00:00:00Z' },
  { id: 'claude-fable-5-1', window: 1_000_000, output: 128_000, created: '2026-09-01T00:00:00Z' },
  { id: 'claude-mythos-5-1', window: 1_000_000, output: 128_000, created: '2026-09-01T00:00:00Z' },
  { id: 'claude-opus-5', window: 1_000_000, output: 128_000, created: '2026-06-01T00:00:00Z' },
  { id: 'claude-sonnet-5', window: 1_000_000, output: 128_000, created: '2026-06-01T00:00:00Z' },
  { id: 'claude-opus-4-8', window: 1_000_000, output: 64_000, created: '2026-03-01T00:00:00Z' },
  { id: 'claude-sonnet-4-5', window: 200_000, output: 64_000, created: '2025-09-29T00:00:00Z' },
  { id: 'claude-opus-4-5', window: 200_000, output: 64_000, created: '2025-11-01T00:00:00Z' },
  { id: 'claude-haiku-4-5', window: 200_000, output: 64_000, created: '2025-10-01T00:00:00Z' },
];

/** The answer to `GET /v1/models`. */
export function modelsList(): Json {
  const data = MODELS.map((model) => ({
    type: 'model',
    id: model.id,
    display_name: model.id,
    created_at: model.created,
    max_input_tokens: model.window,
    max_tokens: model.output,
  }));
  return { data, has_more: false, first_id: data[0]?.id, last_id: data.at(-1)?.id };
}

/** Models on which thinking is on when the request leaves `thinking` out. */
export function thinksByDefault(model: string): boolean {
  return /^claude-(fable|mythos|opus|sonnet|haiku)-5/.test(normaliseModelId(model));
}

/** Whether the model thinks for this request (adaptive, enabled, or left out on the 5.x models). */
export function requestThinks(body: Json): boolean {
  const type: unknown = body?.thinking?.type;
  if (type === 'adaptive' || type === 'enabled') return true;
  return type === undefined && typeof body?.model === 'string' && thinksByDefault(body.model);
}

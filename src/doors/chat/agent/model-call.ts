import type { PressureReport } from '../../../core/garden/index.js';
import type { AgentEvent } from './events.js';
import type { ModelClient, ModelRequest, ModelResult } from './model.js';

/** Streamed pressure is reported at most this often. */
export const PRESSURE_EVERY_MS = 100;
/** Characters per output token, for the pressure shown while the answer streams. */
const CHARS_PER_TOKEN = 4;

/** Pressure with `extra` tokens more (the answer so far, which the next request will carry). */
export function withStreamed(pressure: PressureReport, extra: number): PressureReport {
  const calibrated = pressure.calibrated_tokens + extra;
  return {
    ...pressure,
    rendered_tokens: pressure.rendered_tokens + extra,
    calibrated_tokens: calibrated,
    pressure: Math.round((calibrated / pressure.budget) * 1000) / 1000,
  };
}

/** One streamed model call: deltas, retries and throttled pressure as events; the message at the end. */
export async function* modelCall(
  model: ModelClient,
  request: ModelRequest,
  pressure: PressureReport | undefined,
  signal: AbortSignal,
  streamed: { text: string },
): AsyncGenerator<AgentEvent, ModelResult> {
  const stream = model.stream(request, signal);
  let chars = 0;
  let lastPressure = performance.now();
  for (;;) {
    const step = await stream.next();
    if (step.done) return step.value;
    const delta = step.value;
    if (delta.type === 'retry') {
      yield { type: 'retry', attempt: delta.attempt, delayMs: delta.delayMs, reason: delta.reason };
      continue;
    }
    chars += delta.text.length;
    if (delta.type === 'text') {
      streamed.text += delta.text;
      yield { type: 'text_delta', text: delta.text };
    } else yield { type: 'thinking_delta', text: delta.text };
    const now = performance.now();
    if (pressure && now - lastPressure >= PRESSURE_EVERY_MS) {
      lastPressure = now;
      yield { type: 'pressure', pressure: withStreamed(pressure, Math.ceil(chars / CHARS_PER_TOKEN)) };
    }
  }
}

import type { PressureReport } from '../../../core/garden/constants.js';
import type { Provider, ProviderEvent, ProviderRequest, ProviderResult } from '../../kit/provider/types.js';
import type { AgentEvent } from './events.js';

/** Streamed pressure is reported at most this often. */
export const PRESSURE_EVERY_MS = 100;
/** Characters per output token, for the pressure shown while the answer streams. */
const CHARS_PER_TOKEN = 4;

/** The provider's events the chat passes on, as they are: what the TUI and print mode show. */
type PassedOn = Extract<ProviderEvent, { type: 'text_delta' | 'thinking_delta' | 'retry' | 'silent' }>;

/** The rest assemble the message, which the loop gets whole at the end. */
function passedOn(event: ProviderEvent): event is PassedOn {
  return (
    event.type === 'text_delta' ||
    event.type === 'thinking_delta' ||
    event.type === 'retry' ||
    event.type === 'silent'
  );
}

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

/**
 * One streamed model call: text, thinking, retries, silences and throttled pressure as events; the
 * message at the end.
 */
export async function* modelCall(
  provider: Provider,
  request: ProviderRequest,
  pressure: PressureReport | undefined,
  signal: AbortSignal,
  streamed: { text: string },
): AsyncGenerator<AgentEvent, ProviderResult> {
  const stream = provider.stream(request, { signal });
  let chars = 0;
  let lastPressure = performance.now();
  for (;;) {
    const step = await stream.next();
    if (step.done) return step.value;
    const event = step.value;
    if (!passedOn(event)) continue;
    if (event.type === 'text_delta') streamed.text += event.text;
    yield event;
    if (event.type === 'retry' || event.type === 'silent') continue;
    chars += event.text.length;
    const now = performance.now();
    if (pressure && now - lastPressure >= PRESSURE_EVERY_MS) {
      lastPressure = now;
      yield { type: 'pressure', pressure: withStreamed(pressure, Math.ceil(chars / CHARS_PER_TOKEN)) };
    }
  }
}

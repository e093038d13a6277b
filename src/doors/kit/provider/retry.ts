import { debug } from '../../../debug.js';
import { toProviderError } from './errors.js';
import { DEFAULT_RETRY_LIMITS, retryDecision, silentAttempts, type RetryLimits } from './retry-table.js';
import type { Provider, ProviderEvent, ProviderRequest, ProviderResult, StreamOptions } from './types.js';

export interface RetryOptions {
  retry?: RetryLimits;
  /** Waits between attempts (tests pass a recorder); must reject when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

interface RetryPolicy {
  limits: RetryLimits;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Events that come before any content: an attempt that failed after only these can be retried. */
const BEFORE_CONTENT: ReadonlySet<ProviderEvent['type']> = new Set(['message_start', 'message_usage']);

/**
 * Retries failed calls per the retry table (src/doors/kit/provider/retry-table.ts), and only while
 * no content has reached the caller: the events before content are held until it starts, so a
 * failed attempt leaves no trace but a `retry` event.
 */
export function withRetry(provider: Provider, options: RetryOptions = {}): Provider {
  const policy: RetryPolicy = {
    limits: options.retry ?? DEFAULT_RETRY_LIMITS,
    sleep: options.sleep ?? abortableSleep,
  };
  return {
    stream: (request, streamOptions = {}) => streamWithRetries(provider, policy, request, streamOptions),
  };
}

async function* streamWithRetries(
  provider: Provider,
  policy: RetryPolicy,
  request: ProviderRequest,
  options: StreamOptions,
): AsyncGenerator<ProviderEvent, ProviderResult> {
  const { signal } = options;
  for (let tries = 1; ; tries++) {
    const attempt = { delivered: false, number: tries, silentAttempts: silentAttempts(policy.limits) };
    try {
      return yield* heldUntilContent(provider.stream(request, options), attempt);
    } catch (caught) {
      const error = toProviderError(caught, signal);
      const decision = attempt.delivered ? undefined : retryDecision(error, tries, policy.limits);
      if (!decision) throw error;
      debug('provider', `retry ${tries} in ${decision.delayMs} ms`, {
        reason: decision.reason,
        status: error.status,
      });
      const { delayMs, reason } = decision;
      yield { type: 'retry', attempt: tries, delayMs, reason, message: error.message };
      try {
        await policy.sleep(delayMs, signal);
      } catch (aborted) {
        throw toProviderError(aborted, signal);
      }
    }
  }
}

/** One attempt: its number, and whether content reached the caller (then it is not retried). */
interface Attempt {
  delivered: boolean;
  number: number;
  /** Attempts a silent stream gets in all. */
  silentAttempts: number;
}

/**
 * One attempt's events, those before content held until content starts (or the call ends); a
 * notice of silence goes out at once, with the attempt's number (it is not content).
 */
async function* heldUntilContent(
  run: AsyncGenerator<ProviderEvent, ProviderResult>,
  attempt: Attempt,
): AsyncGenerator<ProviderEvent, ProviderResult> {
  const held: ProviderEvent[] = [];
  try {
    for (;;) {
      const next = await run.next();
      if (next.done) {
        // A message without content: what was held goes out before the end.
        attempt.delivered ||= held.length > 0;
        yield* held.splice(0);
        return next.value;
      }
      if (next.value.type === 'silent') {
        const attempts = Math.max(attempt.number, attempt.silentAttempts);
        yield { ...next.value, attempt: attempt.number, attempts };
        continue;
      }
      held.push(next.value);
      if (attempt.delivered || !BEFORE_CONTENT.has(next.value.type)) {
        attempt.delivered = true;
        yield* held.splice(0);
      }
    }
  } finally {
    // The caller stopped early: close the HTTP stream.
    await run.return(undefined as never);
  }
}

function abortReason(signal: AbortSignal | undefined): Error {
  return signal?.reason instanceof Error ? signal.reason : new Error('aborted');
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

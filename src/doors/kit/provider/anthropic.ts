import Anthropic from '@anthropic-ai/sdk';
import { debug } from '../../../debug.js';
import { createAssembler } from './assemble.js';
import type { ProviderConfig } from './config.js';
import { ProviderError, toProviderError } from './errors.js';
import { describeSilence, STREAM_IDLE_MS, watchIdle } from './idle.js';
import { DEFAULT_RETRY_LIMITS, retryDecision, type RetryLimits } from './retry-table.js';
import type { Provider, ProviderEvent, ProviderRequest, ProviderResult, StreamOptions } from './types.js';

export interface AnthropicProviderOptions {
  retry?: RetryLimits;
  /** Waits between attempts (tests pass a recorder); must reject when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Per-attempt timeout of the HTTP request, in ms (the SDK's default: 10 minutes). */
  timeoutMs?: number;
  /** Give an attempt up when the stream is silent this long (default STREAM_IDLE_MS). */
  idleMs?: number;
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

/**
 * The Messages API through the official SDK, streaming. The SDK's own retries are off: failed
 * attempts are retried here, per RETRY_TABLE, and only while no content has reached the caller.
 */
export function createAnthropicProvider(
  config: ProviderConfig,
  options: AnthropicProviderOptions = {},
): Provider {
  const clientOptions: ConstructorParameters<typeof Anthropic>[0] = {
    maxRetries: 0,
    apiKey: config.apiKey ?? null,
  };
  if (config.authToken) clientOptions.authToken = config.authToken;
  if (config.baseURL) clientOptions.baseURL = config.baseURL;
  if (options.timeoutMs) clientOptions.timeout = options.timeoutMs;
  const client = new Anthropic(clientOptions);
  const limits = options.retry ?? DEFAULT_RETRY_LIMITS;
  const sleep = options.sleep ?? abortableSleep;
  const idleMs = options.idleMs ?? STREAM_IDLE_MS;

  async function* attempt(
    request: ProviderRequest,
    signal: AbortSignal | undefined,
    held: ProviderEvent[],
  ): AsyncGenerator<ProviderEvent, ProviderResult> {
    const assembler = createAssembler();
    const watch = watchIdle(idleMs, signal);
    let requestId: string | undefined;
    try {
      const { data: stream, response } = await client.messages
        .create({ ...request, stream: true } as Anthropic.MessageCreateParamsStreaming, {
          signal: watch.signal,
        })
        .withResponse();
      requestId = response.headers.get('request-id') ?? undefined;
      for await (const event of stream) {
        watch.touch();
        const events = assembler.push(event);
        // Hold events back until content starts, so a failure before then can still be retried.
        if (!assembler.started) held.push(...events);
        else {
          watch.pause();
          yield* held.splice(0);
          yield* events;
          watch.touch();
        }
      }
    } catch (error) {
      if (!watch.fired()) throw error;
    } finally {
      watch.stop();
    }
    // Aborted by the watch: the SDK throws before the answer starts, and ends the stream after.
    if (watch.fired())
      throw new ProviderError(`the model provider sent nothing for ${describeSilence(idleMs)}`, {
        kind: 'connection',
      });
    if (!assembler.complete)
      throw new ProviderError('the stream ended before message_stop', { kind: 'connection' });
    yield* held.splice(0);
    const result = assembler.result();
    if (requestId) result.requestId = requestId;
    yield { type: 'stop', reason: result.stopReason, message: result };
    return result;
  }

  return {
    async *stream(request: ProviderRequest, streamOptions: StreamOptions = {}) {
      const { signal } = streamOptions;
      for (let tries = 1; ; tries++) {
        const held: ProviderEvent[] = [];
        let delivered = false;
        const run = attempt(request, signal, held);
        try {
          for (;;) {
            const next = await run.next();
            if (next.done) return next.value;
            delivered = true;
            yield next.value;
          }
        } catch (caught) {
          const error = toProviderError(caught, signal);
          const decision = delivered ? undefined : retryDecision(error, tries, limits);
          if (!decision) throw error;
          debug('provider', `retry ${tries} in ${decision.delayMs} ms`, {
            reason: decision.reason,
            status: error.status,
          });
          yield {
            type: 'retry',
            attempt: tries,
            delayMs: decision.delayMs,
            reason: decision.reason,
            message: error.message,
          };
          try {
            await sleep(decision.delayMs, signal);
          } catch (aborted) {
            throw toProviderError(aborted, signal);
          }
        } finally {
          // The caller stopped early: close the HTTP stream.
          await run.return(undefined as never);
        }
      }
    },
  };
}

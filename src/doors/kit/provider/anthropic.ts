import Anthropic from '@anthropic-ai/sdk';
import { createAssembler } from './assemble.js';
import type { ProviderConfig } from './config.js';
import { ProviderError, toProviderError } from './errors.js';
import { STREAM_IDLE_MS, withIdleTimeout } from './idle.js';
import { withDebugLog } from './logging.js';
import { withRetry, type RetryOptions } from './retry.js';
import type { Provider, ProviderEvent, ProviderRequest, ProviderResult, StreamOptions } from './types.js';

export interface AnthropicProviderOptions extends RetryOptions {
  /** Per-attempt timeout of the HTTP request, in ms (the SDK's default: 10 minutes). */
  timeoutMs?: number;
  /** Give an attempt up when the stream is silent this long (default STREAM_IDLE_MS). */
  idleMs?: number;
  /** Say the stream is silent this often while it is (default SILENT_NOTICE_MS). */
  noticeMs?: number;
}

/**
 * The Messages API as the doors use it: the SDK's stream (`sdkProvider`), given up when silent
 * (src/doors/kit/provider/idle.ts), retried per RETRY_TABLE while no content has reached the
 * caller (retry.ts), each call in the debug log (logging.ts).
 */
export function createAnthropicProvider(
  config: ProviderConfig,
  options: AnthropicProviderOptions = {},
): Provider {
  const sdk = sdkProvider(config, options.timeoutMs);
  const guarded = withIdleTimeout(sdk, {
    ms: options.idleMs ?? STREAM_IDLE_MS,
    ...(options.noticeMs !== undefined ? { noticeMs: options.noticeMs } : {}),
    from: providerHost(config),
  });
  return withDebugLog(withRetry(guarded, options));
}

/** The host a call goes to, as a silence notice names it. */
function providerHost(config: ProviderConfig): string {
  try {
    return new URL(config.baseURL ?? 'https://api.anthropic.com').host;
  } catch {
    return 'the model provider';
  }
}

/**
 * The Messages API through the official SDK, streaming, one attempt per call: the SDK's own
 * retries are off (the retry decorator decides, per the retry table).
 */
export function sdkProvider(config: ProviderConfig, timeoutMs?: number): Provider {
  const clientOptions: ConstructorParameters<typeof Anthropic>[0] = {
    maxRetries: 0,
    apiKey: config.apiKey ?? null,
  };
  if (config.authToken) clientOptions.authToken = config.authToken;
  if (config.baseURL) clientOptions.baseURL = config.baseURL;
  if (timeoutMs) clientOptions.timeout = timeoutMs;
  const client = new Anthropic(clientOptions);
  return { stream: (request, options = {}) => streamOnce(client, request, options) };
}

/** One streamed call: provider events as the raw events arrive, the assembled message at the end. */
async function* streamOnce(
  client: Anthropic,
  request: ProviderRequest,
  { signal }: StreamOptions,
): AsyncGenerator<ProviderEvent, ProviderResult> {
  const assembler = createAssembler();
  let requestId: string | undefined;
  try {
    const { data: stream, response } = await client.messages
      .create({ ...request, stream: true } as Anthropic.MessageCreateParamsStreaming, { signal })
      .withResponse();
    requestId = response.headers.get('request-id') ?? undefined;
    for await (const event of stream) yield* assembler.push(event);
  } catch (error) {
    throw toProviderError(error, signal);
  }
  // An abort after the answer started ends the SDK's stream quietly: it is reported as one.
  if (!assembler.complete)
    throw toProviderError(
      new ProviderError('the stream ended before message_stop', { kind: 'connection' }),
      signal,
    );
  const result = assembler.result();
  if (requestId) result.requestId = requestId;
  yield { type: 'stop', reason: result.stopReason, message: result };
  return result;
}

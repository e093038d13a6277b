import { ProviderError } from './errors.js';
import { describeSilence } from './notices.js';
import type { Provider, ProviderEvent, ProviderRequest, ProviderResult, StreamOptions } from './types.js';

/**
 * The longest a streamed answer may stay silent, before its first byte or between two events,
 * before the attempt is given up as a dead connection (and retried per the retry table). The API
 * sends `ping` events while a model thinks, so a live stream is never this quiet.
 */
export const STREAM_IDLE_MS = 120_000;
export { describeSilence };

/** While a stream is silent, a `silent` event says so this often (so a user is told within this). */
export const SILENT_NOTICE_MS = 30_000;

export interface IdleOptions {
  /** Give an attempt up after this much silence (default STREAM_IDLE_MS). */
  ms?: number;
  /** Say so every this much silence (default SILENT_NOTICE_MS). */
  noticeMs?: number;
  /** Who is silent, as the `silent` event names it (e.g. the API's host). */
  from?: string;
}

/** A per-attempt abort signal that fires when `touch()` was not called for `ms` (or the caller's signal aborts). */
export interface IdleWatch {
  readonly signal: AbortSignal;
  /** Something arrived, or the caller took the last event: the silence starts again. */
  touch(): void;
  /** The caller holds the stream (it has not asked for the next event): silence does not count. */
  pause(): void;
  /** Whether the watch fired (the stream was silent too long), as opposed to the caller aborting. */
  fired(): boolean;
  stop(): void;
}

export function watchIdle(ms: number, outer?: AbortSignal): IdleWatch {
  const controller = new AbortController();
  let fired = false;
  let paused = false;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    if (paused) return;
    fired = true;
    controller.abort(new Error(`silent for ${ms} ms`));
  }, ms);
  return {
    signal: controller.signal,
    touch() {
      paused = false;
      // Re-arms the timer even when its callback already ran during a pause.
      timer.refresh();
    },
    pause() {
      paused = true;
    },
    fired: () => fired,
    stop() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Gives a call up when its stream stays silent `ms` (before its first event or between two), with
 * a `silent` ProviderError the retry table retries; says so every `noticeMs` of silence before that
 * (a `silent` event). Time the caller holds an event does not count: the silence is the provider's.
 */
export function withIdleTimeout(provider: Provider, options: IdleOptions = {}): Provider {
  const idle: Required<IdleOptions> = {
    ms: options.ms ?? STREAM_IDLE_MS,
    noticeMs: options.noticeMs ?? SILENT_NOTICE_MS,
    from: options.from ?? 'the model provider',
  };
  return { stream: (request, streamOptions = {}) => streamWatched(provider, idle, request, streamOptions) };
}

/** What a wait for the next event came to: the event, or a notice that it is still silent. */
const STILL_SILENT = Symbol('still silent');

async function* streamWatched(
  provider: Provider,
  { ms, noticeMs, from }: Required<IdleOptions>,
  request: ProviderRequest,
  options: StreamOptions,
): AsyncGenerator<ProviderEvent, ProviderResult> {
  const watch = watchIdle(ms, options.signal);
  const run = provider.stream(request, { ...options, signal: watch.signal });
  try {
    for (;;) {
      const waiting = run.next();
      const since = performance.now();
      let next = await within(waiting, noticeMs);
      while (next === STILL_SILENT) {
        const silentMs = Math.round(performance.now() - since);
        yield { type: 'silent', from, silentMs, limitMs: ms, attempt: 1, attempts: 1 };
        next = await within(waiting, noticeMs);
      }
      if (next.done) return next.value;
      watch.pause();
      yield next.value;
      watch.touch();
    }
  } catch (error) {
    // Aborted by the watch: the provider reports an abort, or a stream that ended early.
    if (watch.fired())
      throw new ProviderError(`${from} sent nothing for ${describeSilence(ms)}`, { kind: 'silent' });
    throw error;
  } finally {
    watch.stop();
    await run.return(undefined as never);
  }
}

/** The promise's value, or STILL_SILENT when it has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof STILL_SILENT> {
  let timer: NodeJS.Timeout | undefined;
  const notice = new Promise<typeof STILL_SILENT>((resolve) => {
    timer = setTimeout(() => resolve(STILL_SILENT), ms);
  });
  try {
    return await Promise.race([promise, notice]);
  } finally {
    clearTimeout(timer);
  }
}

import { ProviderError } from './errors.js';
import type { Provider, ProviderEvent, ProviderRequest, ProviderResult, StreamOptions } from './types.js';

/**
 * The longest a streamed answer may stay silent, before its first byte or between two events,
 * before the attempt is given up as a dead connection (and retried per the retry table). The API
 * sends `ping` events while a model thinks, so a live stream is never this quiet.
 */
export const STREAM_IDLE_MS = 120_000;

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

/** "2 min", "90 s", "300 ms": a silence as the error message says it. */
export function describeSilence(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/**
 * Gives a call up when its stream stays silent `ms` (before its first event or between two),
 * with a `connection` ProviderError the retry table retries. Time the caller holds an event does
 * not count: the silence is the provider's, not the caller's.
 */
export function withIdleTimeout(provider: Provider, ms: number = STREAM_IDLE_MS): Provider {
  return { stream: (request, options = {}) => streamWatched(provider, ms, request, options) };
}

async function* streamWatched(
  provider: Provider,
  ms: number,
  request: ProviderRequest,
  options: StreamOptions,
): AsyncGenerator<ProviderEvent, ProviderResult> {
  const watch = watchIdle(ms, options.signal);
  const run = provider.stream(request, { ...options, signal: watch.signal });
  try {
    for (;;) {
      const next = await run.next();
      if (next.done) return next.value;
      watch.pause();
      yield next.value;
      watch.touch();
    }
  } catch (error) {
    // Aborted by the watch: the provider reports an abort, or a stream that ended early.
    if (watch.fired())
      throw new ProviderError(`the model provider sent nothing for ${describeSilence(ms)}`, {
        kind: 'connection',
      });
    throw error;
  } finally {
    watch.stop();
    await run.return(undefined as never);
  }
}

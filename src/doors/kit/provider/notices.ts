/** The provider's notices as lines for the user (a light module: the TUI's bundle imports it). */
import type { ProviderEvent } from './types.js';

/** "2 min", "90 s", "300 ms": a silence as the error message says it. */
export function describeSilence(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** A `silent` event as a line for the user: who, how long, and what happens next. */
export function silentNotice(event: Extract<ProviderEvent, { type: 'silent' }>): string {
  const next =
    event.attempt < event.attempts
      ? `it is tried again after ${describeSilence(event.limitMs)} of silence (attempt ${event.attempt} of ${event.attempts})`
      : `given up after ${describeSilence(event.limitMs)} of silence (attempt ${event.attempt} of ${event.attempts}, the last)`;
  return `no answer from ${event.from} for ${describeSilence(event.silentMs)}; ${next}`;
}

/** A `retry` event as a line for the user. */
export function retryNotice(event: Extract<ProviderEvent, { type: 'retry' }>): string {
  return `retry ${event.attempt} in ${(event.delayMs / 1000).toFixed(1)} s: ${event.reason}: ${event.message}`;
}

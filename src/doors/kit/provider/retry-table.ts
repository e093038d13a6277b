import type { ProviderError } from './errors.js';
import type { RetryReason } from './types.js';

/**
 * Which failed calls are retried, as data (Aider's exceptions table). Anything not listed is not
 * retried: 400s (a retry without a change fails the same), 401/403/404, 413, aborts.
 */
export interface RetryRule {
  reason: RetryReason;
  /** HTTP statuses this rule covers; `kind` covers failures without a status (resets, cuts, silence). */
  statuses?: readonly number[];
  kind?: 'connection' | 'silent';
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** First backoff delay; doubled on each attempt, capped by RETRY_MAX_DELAY_MS. */
  baseDelayMs: number;
}

export const RETRY_TABLE: readonly RetryRule[] = [
  { reason: 'rate_limit', statuses: [429], maxAttempts: 5, baseDelayMs: 2_000 },
  { reason: 'overloaded', statuses: [529], maxAttempts: 5, baseDelayMs: 2_000 },
  { reason: 'server_error', statuses: [500, 502, 503, 504], maxAttempts: 4, baseDelayMs: 1_000 },
  { reason: 'connection', kind: 'connection', maxAttempts: 4, baseDelayMs: 500 },
  // A silent upstream costs the whole idle limit per attempt: one more try bounds the wait at twice it.
  { reason: 'silent', kind: 'silent', maxAttempts: 2, baseDelayMs: 500 },
];

/** No single wait is longer; a server asking for more than this is not retried. */
export const RETRY_MAX_DELAY_MS = 60_000;

export interface RetryLimits {
  table: readonly RetryRule[];
  maxDelayMs: number;
}

export const DEFAULT_RETRY_LIMITS: RetryLimits = { table: RETRY_TABLE, maxDelayMs: RETRY_MAX_DELAY_MS };

export interface RetryDecision {
  reason: RetryReason;
  delayMs: number;
}

/** Whether to retry after `attempt` failed attempts (1 = the first failed), and after how long. */
export function retryDecision(
  error: ProviderError,
  attempt: number,
  limits: RetryLimits = DEFAULT_RETRY_LIMITS,
): RetryDecision | undefined {
  if (error.kind === 'aborted' || error.kind === 'overflow') return undefined;
  const rule = ruleFor(error, limits);
  if (!rule || attempt >= rule.maxAttempts) return undefined;
  const backoff = Math.min(rule.baseDelayMs * 2 ** (attempt - 1), limits.maxDelayMs);
  const delayMs = error.retryAfterMs ?? backoff;
  if (delayMs > limits.maxDelayMs) return undefined;
  return { reason: rule.reason, delayMs };
}

/** The rule a failure falls under, if any. */
function ruleFor(error: ProviderError, limits: RetryLimits): RetryRule | undefined {
  return limits.table.find((candidate) =>
    error.kind === 'connection' || error.kind === 'silent'
      ? candidate.kind === error.kind
      : error.status !== undefined && candidate.statuses?.includes(error.status),
  );
}

/** Attempts in all that a silent stream gets under these limits (1 when silence is not retried). */
export function silentAttempts(limits: RetryLimits = DEFAULT_RETRY_LIMITS): number {
  return limits.table.find((rule) => rule.kind === 'silent')?.maxAttempts ?? 1;
}

import { describe, expect, it } from 'vitest';
import { ProviderError, parseOverflow, retryAfterMs } from '../../../../src/doors/kit/provider/errors.js';
import {
  RETRY_MAX_DELAY_MS,
  RETRY_TABLE,
  retryDecision,
} from '../../../../src/doors/kit/provider/retry-table.js';

const api = (status: number, retryAfter?: number) =>
  new ProviderError(
    'x',
    retryAfter === undefined ? { kind: 'api', status } : { kind: 'api', status, retryAfterMs: retryAfter },
  );

describe('retryDecision', () => {
  it.each([
    [429, 'rate_limit'],
    [529, 'overloaded'],
    [500, 'server_error'],
    [502, 'server_error'],
    [503, 'server_error'],
    [504, 'server_error'],
  ])('retries %i as %s', (status, reason) => {
    expect(retryDecision(api(status), 1)).toMatchObject({ reason });
  });

  it.each([400, 401, 403, 404, 413])('never retries %i', (status) => {
    expect(retryDecision(api(status), 1)).toBeUndefined();
  });

  it('never retries an overflow or an abort, retries connection failures', () => {
    expect(retryDecision(new ProviderError('x', { kind: 'overflow', status: 400 }), 1)).toBeUndefined();
    expect(retryDecision(new ProviderError('x', { kind: 'aborted' }), 1)).toBeUndefined();
    expect(retryDecision(new ProviderError('x', { kind: 'connection' }), 1)).toMatchObject({
      reason: 'connection',
    });
  });

  it('doubles the backoff per attempt and stops at the rule maximum', () => {
    const rule = RETRY_TABLE.find((r) => r.reason === 'server_error')!;
    const waits = [1, 2, 3].map((attempt) => retryDecision(api(500), attempt)?.delayMs);
    expect(waits).toEqual([rule.baseDelayMs, rule.baseDelayMs * 2, rule.baseDelayMs * 4]);
    expect(retryDecision(api(500), rule.maxAttempts)).toBeUndefined();
  });

  it('uses the server-requested delay, and gives up when it is longer than the cap', () => {
    expect(retryDecision(api(429, 1234), 1)?.delayMs).toBe(1234);
    expect(retryDecision(api(429, RETRY_MAX_DELAY_MS + 1), 1)).toBeUndefined();
  });
});

describe('provider error figures', () => {
  it('parses the API overflow message', () => {
    expect(parseOverflow('prompt is too long: 208310 tokens > 200000 maximum')).toEqual({
      tokens: 208_310,
      maximum: 200_000,
    });
    expect(parseOverflow('max_tokens: Field required')).toBeUndefined();
  });

  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '120', 'retry-after': '5' }))).toBe(120);
    expect(retryAfterMs(new Headers({ 'retry-after': '5' }))).toBe(5000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });
});

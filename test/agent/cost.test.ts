import { describe, expect, it } from 'vitest';
import { createCostTracker } from '../../src/agent/cost.js';
import { overflowOf } from '../../src/agent/overflow.js';
import { ProviderError } from '../../src/provider/errors.js';

/** $1 per token of every kind, so the figures read as tokens. */
const flat = (u: { input: number; cacheRead: number; cacheWrite: number; output: number }) =>
  u.input + u.cacheRead + u.cacheWrite + u.output;

describe('cost against unmanaged', () => {
  it('prices the raw request with ideal caching: the previous raw request read, the growth written', () => {
    const tracker = createCostTracker(flat);
    // Gardened 1,000 tokens (all written), raw 1,000: the same.
    expect(
      tracker.add(
        { input: 0, cacheRead: 0, cacheWrite: 1_000, output: 10 },
        { rendered: 1_000, original: 1_000 },
      ),
    ).toEqual({ usd: 1_010, unmanagedUsd: 1_010 });
    // Gardened 1,200 (a compaction), raw 5,000 scaled by the provider's count (1,200 / 1,000 estimated → 6,000).
    const second = tracker.add(
      { input: 0, cacheRead: 200, cacheWrite: 1_000, output: 10 },
      { rendered: 1_000, original: 5_000 },
    );
    expect(second.usd).toBe(1_010 + 1_210);
    expect(second.unmanagedUsd).toBe(1_010 + 6_000 + 10);
    expect(tracker.usage()).toEqual({ input: 0, cacheRead: 200, cacheWrite: 2_000, output: 20 });
  });
});

describe('overflowOf', () => {
  it("reads the provider's overflow figures, and nothing from other errors", () => {
    const overflow = new ProviderError('the prompt is too long', {
      kind: 'overflow',
      status: 400,
      tokens: 210_000,
      maximum: 200_000,
    });
    expect(overflowOf(overflow)).toEqual({ tokens: 210_000, maximum: 200_000 });
    expect(overflowOf(new Error('prompt is too long: 12 tokens > 10 maximum'))).toEqual({
      tokens: 12,
      maximum: 10,
    });
    expect(
      overflowOf(new ProviderError('the model provider answered 429', { kind: 'api', status: 429 })),
    ).toBeUndefined();
  });
});

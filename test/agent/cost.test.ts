import { describe, expect, it } from 'vitest';
import { createCostTracker } from '../../src/agent/cost.js';
import { overflowOf } from '../../src/agent/overflow.js';
import { ProviderError } from '../../src/provider/errors.js';

/** $1 per input or output token, with the API's cache ratios (read 0.1, write 1.25). */
const price = (u: { input: number; cacheRead: number; cacheWrite: number; output: number }) =>
  u.input + 0.1 * u.cacheRead + 1.25 * u.cacheWrite + u.output;

describe('cost against unmanaged', () => {
  it('prices the raw request with ideal caching: the previous raw request read, the growth written', () => {
    const tracker = createCostTracker(price);
    // Gardened 1,000 tokens, all written; raw the same.
    const first = tracker.add(
      { input: 0, cacheRead: 0, cacheWrite: 1_000, output: 10 },
      { rendered: 1_000, original: 1_000 },
    );
    expect(first).toEqual({ usd: 1_260, unmanagedUsd: 1_260 });
    // Gardened 1,200 (after a compaction); raw 5,000 estimated, 6,000 at the provider's scale (1,200 / 1,000).
    const second = tracker.add(
      { input: 0, cacheRead: 200, cacheWrite: 1_000, output: 10 },
      { rendered: 1_000, original: 5_000 },
    );
    expect(second.usd).toBeCloseTo(1_260 + 20 + 1_250 + 10);
    expect(second.unmanagedUsd).toBeCloseTo(1_260 + 0.1 * 1_000 + 1.25 * 5_000 + 10);
    expect(tracker.usage()).toEqual({ input: 0, cacheRead: 200, cacheWrite: 2_000, output: 20 });
  });

  it("after a resume, gives the unmanaged agent the gardened call's cache reads on the first call", () => {
    const tracker = createCostTracker(price, { usd: 5, unmanagedUsd: 7 });
    const first = tracker.add(
      { input: 0, cacheRead: 900, cacheWrite: 100, output: 10 },
      { rendered: 1_000, original: 1_000 },
    );
    expect(first.usd).toBeCloseTo(5 + 90 + 125 + 10);
    expect(first.unmanagedUsd).toBeCloseTo(7 + 90 + 125 + 10);
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

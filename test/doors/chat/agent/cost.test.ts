import { beforeEach, describe, expect, it } from 'vitest';
import { createCostTracker } from '../../../../src/doors/chat/agent/cost.js';
import { createCacheTrack, recordRequest } from '../../../../src/core/cache/cache-track.js';
import { DEFAULT_CACHE_MODEL } from '../../../../src/core/cache/models.js';
import type { CacheUnit } from '../../../../src/core/cache/prompt-cache.js';
import { overflowOf } from '../../../../src/doors/chat/agent/overflow.js';
import { ProviderError } from '../../../../src/doors/kit/provider/errors.js';

/** $1 per input or output token, with the API's cache ratios (read 0.1, write 1.25). */
const price = (u: { input: number; cacheRead: number; cacheWrite: number; output: number }) =>
  u.input + 0.1 * u.cacheRead + 1.25 * u.cacheWrite + u.output;

/** Units of 1,000 tokens named by letter; the last one carries a breakpoint. */
function units(names: string): CacheUnit[] {
  return [...names].map((key, i) => ({
    key,
    tokens: 1_000,
    breakpoint: i === names.length - 1 ? ('5m' as const) : undefined,
  }));
}

/** The session's cache track, as the chat's send step bills each call with it. */
let track = createCacheTrack();
beforeEach(() => {
  track = createCacheTrack();
});

const call = (raw: string, sent: string, at: number, rawOverWindow = false) => ({
  bills: recordRequest(track, units(sent), units(raw), at, DEFAULT_CACHE_MODEL),
  rawOverWindow,
});

describe('cost against unmanaged, from the cache model', () => {
  it('adds what was paid for a call that went out unchanged: 0% saved', () => {
    const tracker = createCostTracker(price);
    const usage = { input: 0, cacheRead: 0, cacheWrite: 2_000, output: 10 };
    const first = tracker.add(usage, call('ab', 'ab', 0));
    expect(first).toEqual({ usd: 2_510, unmanagedUsd: 2_510 });
    const second = tracker.add(
      { input: 0, cacheRead: 2_000, cacheWrite: 1_000, output: 10 },
      call('abc', 'abc', 1),
    );
    expect(second.unmanagedUsd).toBe(second.usd);
    // Without a modelled call (nothing to compare), no claim either.
    expect(tracker.add(usage).unmanagedUsd).toBe(tracker.total().usd);
  });

  it('adds the difference of the model’s bills, raw against gardened, at the provider’s scale', () => {
    const tracker = createCostTracker(price);
    tracker.add({ input: 0, cacheRead: 0, cacheWrite: 3_000, output: 10 }, call('abc', 'abc', 0));
    // An event shortened b to B: gardened rewrites from B (3,000 written), unmanaged reads abc and writes d.
    // The provider counted 1.5 times the model's tokens (6,000 for 4,000).
    const paid = { input: 0, cacheRead: 0, cacheWrite: 6_000, output: 10 };
    const after = tracker.add(paid, call('abcd', 'aBcd', 1));
    const raw = 0.1 * 3_000 + 1.25 * 1_000;
    const sent = 1.25 * 4_000;
    expect(after.usd).toBeCloseTo(3_760 + 7_510);
    expect(after.unmanagedUsd).toBeCloseTo(3_760 + 7_510 + 1.5 * (raw - sent));
  });

  it('claims nothing for a call whose unmanaged request could not have been sent', () => {
    const tracker = createCostTracker(price, { usd: 5, unmanagedUsd: 7 });
    const result = tracker.add(
      { input: 20_000, cacheRead: 0, cacheWrite: 0, output: 10 },
      call('ab', 'a', 0, true),
    );
    expect(result).toEqual({ usd: 5 + 20_010, unmanagedUsd: 7 + 20_010 });
    expect(tracker.usage()).toEqual({ input: 20_000, cacheRead: 0, cacheWrite: 0, output: 10 });
  });
});

describe('cost against unmanaged, when the model cannot bill a call', () => {
  it('claims nothing for a call the model could not bill (more breakpoints than the API allows)', () => {
    const tracker = createCostTracker(price);
    const marked = [...'abcde'].map((key) => ({ key, tokens: 1_000, breakpoint: '5m' as const }));
    expect(() => recordRequest(track, marked, marked, 0, DEFAULT_CACHE_MODEL)).toThrow(RangeError);
    // The send step then hands no bills to the tracker.
    const usage = { input: 5_000, cacheRead: 0, cacheWrite: 0, output: 0 };
    const result = tracker.add(usage, undefined);
    expect(result).toEqual({ usd: 5_000, unmanagedUsd: 5_000 });
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

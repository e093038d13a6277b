import { describe, expect, it } from 'vitest';
import { contextWindowOf, costOf, priceOf } from '../../../../src/doors/kit/provider/prices.js';

describe('prices', () => {
  it('prices model families, legacy Opus apart', () => {
    expect(priceOf('claude-sonnet-4-5-20250929')).toEqual({ input: 3, output: 15 });
    expect(priceOf('claude-opus-4-5')).toEqual({ input: 5, output: 25 });
    expect(priceOf('claude-opus-4-1-20250805')).toEqual({ input: 15, output: 75 });
    expect(priceOf('claude-haiku-4-5')).toEqual({ input: 1, output: 5 });
    expect(priceOf('claude-3-5-haiku-20241022')).toEqual({ input: 0.8, output: 4 });
    expect(priceOf('gpt-4o')).toBeUndefined();
  });

  it('costs cache reads at a tenth and cache writes at 1.25× the input price', () => {
    const usage = { input: 1_000_000, cacheRead: 1_000_000, cacheWrite: 1_000_000, output: 1_000_000 };
    expect(costOf(usage, 'claude-sonnet-4-5')).toBeCloseTo(3 + 0.3 + 3.75 + 15, 10);
    expect(costOf(usage, 'unknown-model')).toBe(0);
  });

  it('knows the 1M window only when the id asks for it', () => {
    expect(contextWindowOf('claude-sonnet-4-5')).toBe(200_000);
    expect(contextWindowOf('claude-opus-4-8[1m]')).toBe(1_000_000);
  });
});

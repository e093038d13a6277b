import { describe, expect, it } from 'vitest';
import { DEFAULT_HIGH_WATER, DEFAULT_PROFIT_FACTOR } from '../../../src/core/garden/session/defaults.js';
import { resolveGardenConfig } from '../../../src/core/garden/session/config.js';

describe('garden settings', () => {
  it('fills defaults: profit events on, at the dev-chosen factor', () => {
    const config = resolveGardenConfig();
    expect(config).toMatchObject({
      highWater: DEFAULT_HIGH_WATER,
      profitEvents: true,
      profitFactor: DEFAULT_PROFIT_FACTOR,
    });
    expect(resolveGardenConfig({ profitEvents: false, profitFactor: 2 })).toMatchObject({
      profitEvents: false,
      profitFactor: 2,
    });
  });

  it.each([
    [{ highWater: 1.5 }, /highWater = 1.5 is invalid: expected a share in \(0, 1\]/],
    [{ lowWater: 0.7, highWater: 0.6 }, /lowWater = 0.7 is invalid: expected at most highWater \(0.6\)/],
    [{ profitFactor: 0 }, /profitFactor = 0 is invalid: expected a positive number/],
    [{ profitFactor: Number.NaN }, /profitFactor = null is invalid/],
    [
      { profitEvents: 'yes' as unknown as boolean },
      /profitEvents = "yes" is invalid: expected true or false/,
    ],
  ])('names a bad setting and what it expects: %o', (settings, message) => {
    expect(() => resolveGardenConfig(settings)).toThrow(message);
  });
});

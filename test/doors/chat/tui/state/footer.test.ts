import { describe, expect, it } from 'vitest';
import {
  cacheHitRate,
  costSaving,
  footerReducer,
  initialFooter,
} from '../../../../../src/doors/chat/tui/state/footer.js';
import { gardenEvent, pressureReport } from '../../../../support/pressure.js';

const start = () => initialFooter(null, { usd: 0, unmanagedUsd: 0 });

describe('footerReducer', () => {
  it('takes the pressure of each request and counts calls', () => {
    const report = pressureReport({ calibrated_tokens: 9_000 });
    const state = footerReducer(start(), { type: 'request', call: 3, pressure: report });
    expect(state.pressure).toBe(report);
    expect(state.calls).toBe(3);
  });

  it('sums usage over calls and keeps the latest cost', () => {
    let state = start();
    state = footerReducer(state, {
      type: 'usage',
      usage: { input: 100, cacheRead: 900, cacheWrite: 0, output: 50 },
      cost: { usd: 0.1, unmanagedUsd: 0.4 },
    });
    state = footerReducer(state, {
      type: 'usage',
      usage: { input: 200, cacheRead: 700, cacheWrite: 100, output: 20 },
      cost: { usd: 0.2, unmanagedUsd: 0.9 },
    });
    expect(state.usage).toEqual({ input: 300, cacheRead: 1_600, cacheWrite: 100, output: 70 });
    expect(state.cost).toEqual({ usd: 0.2, unmanagedUsd: 0.9 });
    expect(cacheHitRate(state.usage)).toBeCloseTo(0.8);
  });

  it('remembers the last compaction event and why', () => {
    const event = gardenEvent({ kind: 'recall' });
    const state = footerReducer(start(), { type: 'compaction', event, reason: '/compact' });
    expect(state.lastCompaction).toEqual({ event, reason: '/compact' });
  });

  it('returns the same state for events the footer does not show, so it does not re-render', () => {
    const state = start();
    expect(footerReducer(state, { type: 'text_delta', text: 'x' })).toBe(state);
    expect(footerReducer(state, { type: 'tool_call', id: 'a', name: 'read', input: {} })).toBe(state);
  });

  it('starts from the stored last event when the session had one', () => {
    const event = gardenEvent();
    expect(
      initialFooter(pressureReport({ last_event: event }), { usd: 0, unmanagedUsd: 0 }).lastCompaction?.event,
    ).toBe(event);
  });
});

describe('cacheHitRate and costSaving', () => {
  it('are unknown before anything was spent', () => {
    expect(cacheHitRate({ input: 0, cacheRead: 0, cacheWrite: 0, output: 0 })).toBeNull();
    expect(costSaving({ usd: 0, unmanagedUsd: 0 })).toBeNull();
  });

  it('give the saving as a share of the unmanaged cost, negative when gardening cost more', () => {
    expect(costSaving({ usd: 1, unmanagedUsd: 4 })).toBeCloseTo(0.75);
    expect(costSaving({ usd: 2, unmanagedUsd: 1 })).toBeCloseTo(-1);
  });
});

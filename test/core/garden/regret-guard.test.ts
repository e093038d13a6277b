import { afterAll, describe, expect, it } from 'vitest';
import {
  createRegretGuard,
  FORCED_SHARE,
  guardReport,
  observeCosts,
  profitEventsStopped,
  REGRET_GRACE_CALLS,
  REGRET_LONGEST_PAYBACK_CALLS,
} from '../../../src/core/garden/ledger/regret-guard.js';
import { agentSession, garden, tempStore, upTo } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('the regret guard', () => {
  it('stops profit events once the session costs more than 1% over unmanaged, past the grace after its event', () => {
    const guard = createRegretGuard();
    // Before any event nothing is judged, however the costs compare.
    for (let i = 0; i < 10; i++) observeCosts(guard, { managed: 200, unmanaged: 100 }, 0);
    expect(profitEventsStopped(guard)).toBe(false);
    // The first event; the grace lets it pay back over the calls after it.
    observeCosts(guard, { managed: 100, unmanaged: 100 }, 1);
    for (let i = 1; i < REGRET_GRACE_CALLS; i++) observeCosts(guard, { managed: 100, unmanaged: 100 }, 1);
    expect(profitEventsStopped(guard)).toBe(false);
    observeCosts(guard, { managed: 100, unmanaged: 100 }, 1);
    expect(profitEventsStopped(guard)).toBe(true);
    expect(guardReport(guard)).toMatchObject({
      profit_events: 'stopped',
      managed_cost: 2_500,
      unmanaged_cost: 1_500,
    });
  });

  it('gives each event its grace: events a few calls apart are judged once the latest has paid back', () => {
    const guard = createRegretGuard();
    // Three events two calls apart, each rewrite paid back two calls later (a recorded proxy run).
    const calls: Array<[number, number, number]> = [
      [27_312, 15_376, 1],
      [9_876, 13_386, 1],
      [14_990, 11_121, 2],
      [12_159, 16_738, 2],
      [12_677, 14_855, 3],
      [7_186, 12_591, 3],
      [12_851, 18_258, 3],
      [10_940, 16_345, 3],
    ];
    for (const [managed, unmanaged, events] of calls) observeCosts(guard, { managed, unmanaged }, events);
    expect(guard.managed).toBeLessThan(guard.unmanaged);
    expect(profitEventsStopped(guard)).toBe(false);
  });

  it('judges anyway once events have kept the session behind for the longest payback', () => {
    const guard = createRegretGuard();
    for (let call = 0; call < REGRET_LONGEST_PAYBACK_CALLS; call++)
      observeCosts(guard, { managed: 150, unmanaged: 100 }, 1 + Math.floor(call / 2));
    expect(profitEventsStopped(guard)).toBe(false);
    observeCosts(guard, { managed: 150, unmanaged: 100 }, 1 + REGRET_LONGEST_PAYBACK_CALLS);
    expect(profitEventsStopped(guard)).toBe(true);
  });

  it('lets them run while the session stays within 1% of unmanaged', () => {
    const guard = createRegretGuard();
    observeCosts(guard, { managed: 1_000, unmanaged: 1_000 }, 1);
    for (let i = 0; i < 20; i++) observeCosts(guard, { managed: 100.9, unmanaged: 100 }, 1);
    expect(profitEventsStopped(guard)).toBe(false);
    expect(guardReport(guard).cost_ratio).toBeLessThanOrEqual(1.01);
  });

  it('a garden whose door reports regret makes no more profit events, and its pressure report says so', () => {
    const session = agentSession(30, { lines: 120 });
    const open = garden(store, 60_000);
    const guarded = garden(store, 60_000);
    const profit = { open: 0, guarded: 0 };
    for (let messages = 3; messages <= session.messages.length; messages += 2) {
      for (const [name, g] of [
        ['open', open],
        ['guarded', guarded],
      ] as const) {
        g.sync(upTo(session, messages));
        const event = g.plan().event;
        if (event?.kind === 'profit') profit[name]++;
        g.render();
        // The guarded garden's door reports every call at twice the unmanaged cost.
        if (name === 'guarded') g.observeCost({ managed: 2_000, unmanaged: 1_000 });
      }
    }
    expect(profit.open).toBeGreaterThan(profit.guarded);
    expect(guarded.pressure().cost_guard.profit_events).toBe('stopped');
    // Above the high-water mark the report says why no event came: none keeps the session within 1%.
    expect(guarded.pressure().recommendation).toMatch(
      /stopped: this session costs 2× unmanaged|within 1% of unmanaged \(now 2×\), at 85% at the latest/,
    );
    expect(open.pressure().cost_guard.profit_events).toBe('on');
  });
});

describe('a pressure event that is not forced', () => {
  /** Replays a session; with `reportCosts` the door reports each call at parity with unmanaged. Each pressure event's share of the budget. */
  function pressureShares(reportCosts: boolean): number[] {
    const budget = 30_000;
    const session = agentSession(40, { lines: 60 });
    const g = garden(store, budget, { profitEvents: false });
    const shares: number[] = [];
    for (let messages = 3; messages <= session.messages.length; messages += 2) {
      g.sync(upTo(session, messages));
      const event = g.plan({ strict: false }).event;
      if (event?.kind === 'pressure') shares.push(event.tokensBefore / budget);
      g.render();
      if (reportCosts) g.observeCost({ managed: 1_000, unmanaged: 1_000 });
    }
    return shares;
  }

  it('waits while its rewrite would put the session over unmanaged, until the budget forces it', () => {
    const atParity = pressureShares(true);
    const unjudged = pressureShares(false);
    expect(atParity.length).toBeGreaterThan(0);
    expect(unjudged.length).toBeGreaterThan(0);
    // With no costs reported an event comes at the high-water mark; at parity nothing saved pays for
    // a rewrite, so it waits until the budget forces it.
    expect(Math.min(...atParity)).toBeGreaterThan(Math.min(...unjudged) + 0.1);
    expect(Math.min(...atParity)).toBeGreaterThan(FORCED_SHARE - 0.1);
  });
});

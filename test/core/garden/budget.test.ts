import { afterAll, describe, expect, it } from 'vitest';
import { GardenerError } from '../../../src/errors.js';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('when it cannot fit', () => {
  it('throws BUDGET_IMPOSSIBLE with the figures and what to do when protected content alone exceeds the budget', () => {
    const g = garden(store, 2_000, { inject: 'off' });
    // The last turn's four tool results are ~3k tokens together, each under the window's block cap.
    g.sync(agentSession(3, { lines: 30, calls: 4 }));
    let error: unknown;
    try {
      g.plan();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GardenerError);
    const e = error as GardenerError;
    expect(e.code).toBe('BUDGET_IMPOSSIBLE');
    expect(e.message).toMatch(
      /^protected content alone is [\d,]+ tokens \(system and tools \d+, working window [\d,]+, typed prompts \d+, (pass-through blocks \(thinking, tool calls, unknown types\) \d+, )?message framing \d+\), over the budget of 2,000$/,
    );
    expect(e.hint).toMatch(/raise the budget/);
  });

  it('reports instead of throwing with strict: false, having compacted all it could', () => {
    const g = garden(store, 2_000, { inject: 'off' });
    g.sync(agentSession(3, { lines: 30, calls: 4 }));
    const plan = g.plan({ strict: false });
    expect(plan.impossible?.protected).toBeGreaterThan(2_000);
    expect(plan.event).toBeDefined();
    expect(g.pressure().recommendation).toMatch(/protected content alone/);
  });

  it('does not retry in a loop: a second plan with nothing new changes nothing and fails the same way', () => {
    const g = garden(store, 2_000, { inject: 'off' });
    g.sync(agentSession(3, { lines: 30, calls: 4 }));
    g.plan({ strict: false });
    const events = g.counters().events;
    const again = g.plan({ strict: false });
    expect(again.event).toBeUndefined();
    expect(again.impossible).toBeDefined();
    expect(g.counters().events).toBe(events);
  });

  it('rejects a budget that is not a positive whole number', () => {
    expect(() => garden(store, 0)).toThrowError(/budget/);
    expect(() => garden(store, 1.5)).toThrowError(GardenerError);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { calibrate } from '../../../src/core/garden/ledger/calibration.js';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('pressure', () => {
  it("reports the plan's context_pressure() fields, by class and by form", () => {
    const g = garden(store, 9_000, { inject: 'off' });
    g.sync(agentSession(12, { lines: 40 }));
    g.plan();
    g.render();
    const p = g.pressure();
    expect(p.entries_tracked).toBe(25);
    expect(p.budget).toBe(9_000);
    expect(p.rendered_tokens).toBeLessThanOrEqual(9_000);
    expect(p.total_original_tokens).toBeGreaterThan(p.rendered_tokens);
    expect(p.compression_ratio).toBeLessThan(1);
    expect(p.by_class['log']?.count).toBe(12);
    expect(p.by_class['log']!.rendered).toBeLessThan(p.by_class['log']!.orig);
    expect(p.by_form.summary.count + p.by_form.stub.count).toBeGreaterThan(0);
    expect(p.events).toBe(1);
    expect(p.last_event?.kind).toBe('pressure');
    expect(p.counters.renders).toBe(1);
    expect(p.recommendation).toMatch(/context at \d+% of the budget/);
  });

  it('recommends what could be saved before pressure rises', () => {
    const g = garden(store, 1_000_000, { inject: 'off' });
    g.sync(agentSession(12, { lines: 40 }));
    const p = g.pressure();
    expect(p.eviction_candidates).toBeGreaterThan(0);
    expect(p.recommendation).toMatch(/\d+ log blocks could save [\d,]+ tokens/);
  });

  it('anchors on the provider count and estimates only the delta', () => {
    expect(calibrate(1_000, undefined)).toBe(1_000);
    expect(calibrate(1_000, { estimated: 1_000, actual: 1_200 })).toBe(1_200);
    expect(calibrate(1_500, { estimated: 1_000, actual: 1_200 })).toBe(1_800);
    expect(calibrate(1_500, { estimated: 1_000, actual: 9_000 })).toBe(10_000); // ratio capped at 2
    const g = garden(store, 100_000, { inject: 'off' });
    g.sync(agentSession(3, { lines: 40 }));
    g.render();
    const estimated = g.pressure().rendered_tokens;
    g.observeUsage(estimated + 500);
    const p = g.pressure();
    expect(p.calibrated).toBe(true);
    expect(p.calibrated_tokens).toBe(estimated + 500);
  });

  it('plans against the calibrated figure', () => {
    const g = garden(store, 20_000, { inject: 'off' });
    g.sync(agentSession(10, { lines: 40 }));
    g.render();
    expect(g.plan().event).toBeUndefined();
    g.render();
    g.observeUsage(Math.round(g.pressure().rendered_tokens * 1.6));
    expect(g.plan().event?.kind).toBe('pressure');
  });
});

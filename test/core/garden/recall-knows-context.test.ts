import { afterAll, describe, expect, it } from 'vitest';
import { formatRecallText } from '../../../src/core/recall/index.js';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

const off = { inject: 'off' as const };

describe("the model's recall knows what its context shows in full", () => {
  it('spends no hit on an entry in context in full, and names it instead', () => {
    const g = garden(store, 9_000, off);
    g.sync(agentSession(12, { lines: 40 }));
    g.plan();
    g.render();
    const result = g.recall('build failed with 1 error', { limit: 5 });
    expect(result.hits).toHaveLength(5);
    for (const hit of result.hits) expect(g.inContext(hit.id)).toBe(false);
    expect(result.inContext?.length).toBeGreaterThan(0);
    for (const id of result.inContext ?? []) expect(g.inContext(id)).toBe(true);
    expect(formatRecallText(result)).toContain(
      `already in your context in full, not repeated: ${result.inContext!.join(', ')}`,
    );
  });

  it('finds the stubbed block a query names, with the same query the newest blocks also match', () => {
    const g = garden(store, 9_000, off);
    g.sync(agentSession(12, { lines: 40 }));
    g.plan();
    g.render();
    const first = g.recall('module0 build failed', { limit: 1 }).hits[0]!;
    expect(g.inContext(first.id)).toBe(false);
    expect(first.text).toContain('module0');
  });

  it('shows everything when the caller says nothing is in context (a user asking)', () => {
    const own = tempStore();
    const g = garden(own.store, 1_000_000, off);
    g.sync(agentSession(4, { lines: 40 }));
    g.plan();
    g.render();
    const knowing = g.recall('build failed with 1 error', { limit: 5 });
    expect(knowing.hits).toHaveLength(0);
    expect(knowing.inContext?.length).toBeGreaterThanOrEqual(4);
    const all = g.recall('build failed with 1 error', { limit: 5, inContext: () => false });
    expect(new Set(all.hits.map((h) => h.id))).toEqual(new Set(knowing.inContext));
    expect(all.inContext).toBeUndefined();
    own.cleanup();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { SCOPE, type TempStore } from '../store/support.js';
import { storeAgentThoughts, THOUGHT_QUERY } from './support/agent-thoughts.js';

/**
 * An agent's later message shares its wording with everything the agent wrote before: its earlier
 * messages outrank, by words alone, the tool output that holds the fact it is after.
 */
describe('recall keeps one place for the agent’s own text and gives the others to tool output', () => {
  let t: TempStore;
  let said: string[] = [];
  let listing = '';
  beforeAll(() => {
    ({ t, said, listing } = storeAgentThoughts());
  });
  afterAll(() => t.close());

  const query = THOUGHT_QUERY;

  it('shows the listing among the five although seven of the agent’s messages match better by words', () => {
    const ids = recall(t.store, query, SCOPE, { touch: false }).hits.map((h) => h.id);
    expect(ids).toHaveLength(5);
    expect(ids).toContain(listing);
    expect(ids.filter((id) => said.includes(id))).toHaveLength(4);
  });

  it('shows scores in the order of the hits: one ranked down scores no more than the one above, and says why', () => {
    const hits = recall(t.store, query, SCOPE, { touch: false }).hits;
    const scores = hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const down = hits.filter((h) => h.relevanceSignal.includes('ranked-down:own-text'));
    expect(down.length).toBeGreaterThan(0);
    for (const hit of down) expect(said).toContain(hit.id);
    expect(
      hits
        .filter((h) => !said.includes(h.id))
        .every((h) => !h.relevanceSignal.some((s) => s.startsWith('ranked-down'))),
    ).toBe(true);
  });

  it('keeps the best of the agent’s messages first when it ranks first', () => {
    const ids = recall(t.store, 'recursive discovery walk ignore patterns subdirectory', SCOPE, {
      touch: false,
    }).hits.map((h) => h.id);
    expect(ids.slice(0, 2)).toContain(listing);
  });
});

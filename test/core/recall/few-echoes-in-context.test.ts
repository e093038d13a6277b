import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, type TempStore } from '../store/support.js';
import { storeAgentThoughts, THOUGHT_QUERY } from './support/agent-thoughts.js';

/**
 * An engine's recall skips what the model sees in full; the places those entries leave go further
 * down the ranking, where the agent's other messages wait (they share the query's wording).
 */
describe('the one place for the agent’s own text counts the places of the hits shown', () => {
  let t: TempStore;
  const seen = new Set<string>();
  let said: string[] = [];
  let listing = '';
  const query = THOUGHT_QUERY;
  beforeAll(() => {
    ({ t, said, listing } = storeAgentThoughts((store) => {
      // Tool output the model still has in full, and that matches the query best.
      for (let i = 0; i < 4; i++)
        seen.add(
          store.store.ingest(
            entry({
              original: `run ${i}: recursive discovery with ignore patterns walked subdirectory pkg_${i} and added a test`,
              call: `pylint --recursive=y pkg_${i}`,
            }),
          ).id,
        );
    }));
  });
  afterAll(() => t.close());

  it('keeps the agent’s other messages out while entries in context leave places', () => {
    const ids = recall(t.store, query, SCOPE, { touch: false, inContext: (id) => seen.has(id) }).hits.map(
      (h) => h.id,
    );
    expect(ids.some((id) => seen.has(id))).toBe(false);
    expect(ids.slice(0, 2)).toContain(listing);
  });

  it('counts a message of the agent’s that the model sees as its one place', () => {
    const blind = recall(t.store, query, SCOPE, { touch: false }).hits.map((h) => h.id);
    const best = said.find((id) => blind.includes(id));
    expect(best).toBeDefined();
    const inView = new Set([...seen, best!]);
    const ids = recall(t.store, query, SCOPE, { touch: false, inContext: (id) => inView.has(id) }).hits.map(
      (h) => h.id,
    );
    expect(ids[0]).toBe(listing);
  });
});

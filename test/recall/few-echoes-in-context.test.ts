import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

/**
 * An engine's recall skips what the model sees in full; the places those entries leave go further
 * down the ranking, where the agent's other messages wait (they share the query's wording).
 */
describe('the one place for the agent’s own text counts the places of the hits shown', () => {
  let t: TempStore;
  const seen = new Set<string>();
  const said: string[] = [];
  let listing = '';
  const query = 'THOUGHT: I will add a test for recursive discovery with ignore patterns on a subdirectory.';
  beforeAll(() => {
    t = tempStore();
    for (let i = 0; i < 40; i++)
      t.store.ingest(
        entry({
          original: `collected ${i} items from module_${i}.py in ${i * 7} ms, all checks passed`,
          call: `pytest -q module_${i}.py`,
        }),
      );
    // Tool output the model still has in full, and that matches the query best.
    for (let i = 0; i < 4; i++)
      seen.add(
        t.store.ingest(
          entry({
            original: `run ${i}: recursive discovery with ignore patterns walked subdirectory pkg_${i} and added a test`,
            call: `pylint --recursive=y pkg_${i}`,
          }),
        ).id,
      );
    listing = t.store.ingest(
      entry({
        original: [
          'tests/lint/unittest_lint.py',
          'tests/regrtest_data/directory/ignored_subdirectory/failing.py',
          'tests/lint/test_pylinter.py',
        ].join('\n'),
        call: 'find tests -name "*.py" | head',
      }),
    ).id;
    for (const thought of [
      'THOUGHT: Recursive discovery ignores the ignore patterns: the walk descends into every subdirectory first.',
      'THOUGHT: The ignore patterns in recursive discovery are checked against the base name, not the subdirectory path.',
      'THOUGHT: I will run recursive discovery with ignore patterns to see which subdirectory it still walks.',
      'THOUGHT: Recursive discovery still walks the ignored subdirectory: the ignore patterns apply after it descends.',
      'THOUGHT: With the fix, recursive discovery skips each subdirectory the ignore patterns match.',
      'THOUGHT: Recursive discovery and the ignore patterns now agree for every subdirectory.',
      'THOUGHT: A test should cover recursive discovery with ignore patterns on a nested subdirectory.',
    ])
      said.push(t.store.ingest(entry({ original: thought, class: 'prose' })).id);
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

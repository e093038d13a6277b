import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

/**
 * An agent's later message shares its wording with everything the agent wrote before: its earlier
 * messages outrank, by words alone, the tool output that holds the fact it is after.
 */
describe('recall keeps one place for the agent’s own text and gives the others to tool output', () => {
  let t: TempStore;
  const said: string[] = [];
  let listing = '';
  beforeAll(() => {
    t = tempStore();
    // Other tool output, so that the query's words are rare in the store, as in a real session.
    for (let i = 0; i < 40; i++)
      t.store.ingest(
        entry({
          original: `collected ${i} items from module_${i}.py in ${i * 7} ms, all checks passed`,
          class: 'log',
          call: `pytest -q module_${i}.py`,
        }),
      );
    listing = t.store.ingest(
      entry({
        original: [
          'tests/lint/unittest_lint.py',
          'tests/regrtest_data/directory/ignored_subdirectory/failing.py',
          'tests/lint/test_pylinter.py',
        ].join('\n'),
        class: 'log',
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

  const query = 'THOUGHT: I will add a test for recursive discovery with ignore patterns on a subdirectory.';

  it('shows the listing among the five although seven of the agent’s messages match better by words', () => {
    const ids = recall(t.store, query, SCOPE, { touch: false }).hits.map((h) => h.id);
    expect(ids).toHaveLength(5);
    expect(ids).toContain(listing);
    expect(ids.filter((id) => said.includes(id))).toHaveLength(4);
  });

  it('keeps the best of the agent’s messages first when it ranks first', () => {
    const ids = recall(t.store, 'recursive discovery walk ignore patterns subdirectory', SCOPE, {
      touch: false,
    }).hits.map((h) => h.id);
    expect(ids.slice(0, 2)).toContain(listing);
  });
});

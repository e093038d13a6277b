import { entry, tempStore, type TempStore } from '../../store/support.js';

/** A later THOUGHT of a mini-swe-agent run: its words are the words of the agent's earlier ones. */
export const THOUGHT_QUERY =
  'THOUGHT: I will add a test for recursive discovery with ignore patterns on a subdirectory.';

export interface AgentThoughts {
  t: TempStore;
  /** The `find` listing the later THOUGHT is after. */
  listing: string;
  /** The ids of the agent's own earlier THOUGHT messages, which outrank the listing by words. */
  said: string[];
}

/**
 * A store as an agent leaves it: 40 unrelated test runs (so the query's words are rare), then
 * whatever `beforeListing` adds, a `find` listing, and seven of the agent's THOUGHT messages that
 * share the later query's wording.
 */
export function storeAgentThoughts(beforeListing?: (t: TempStore) => void): AgentThoughts {
  const t = tempStore();
  for (let i = 0; i < 40; i++)
    t.store.ingest(
      entry({
        original: `collected ${i} items from module_${i}.py in ${i * 7} ms, all checks passed`,
        call: `pytest -q module_${i}.py`,
      }),
    );
  beforeListing?.(t);
  const listing = t.store.ingest(
    entry({
      original: [
        'tests/lint/unittest_lint.py',
        'tests/regrtest_data/directory/ignored_subdirectory/failing.py',
        'tests/lint/test_pylinter.py',
      ].join('\n'),
      call: 'find tests -name "*.py" | head',
    }),
  ).id;
  const said = [
    'THOUGHT: Recursive discovery ignores the ignore patterns: the walk descends into every subdirectory first.',
    'THOUGHT: The ignore patterns in recursive discovery are checked against the base name, not the subdirectory path.',
    'THOUGHT: I will run recursive discovery with ignore patterns to see which subdirectory it still walks.',
    'THOUGHT: Recursive discovery still walks the ignored subdirectory: the ignore patterns apply after it descends.',
    'THOUGHT: With the fix, recursive discovery skips each subdirectory the ignore patterns match.',
    'THOUGHT: Recursive discovery and the ignore patterns now agree for every subdirectory.',
    'THOUGHT: A test should cover recursive discovery with ignore patterns on a nested subdirectory.',
  ].map((thought) => t.store.ingest(entry({ original: thought, class: 'prose' })).id);
  return { t, listing, said };
}

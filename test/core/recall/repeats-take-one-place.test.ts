import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRecallText } from '../../../src/core/recall/format.js';
import { recall } from '../../../src/core/recall/recall.js';

import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

/** An agent reads a file again, reruns a command: the repeat matches a query as well as the first. */
describe('recall gives one place to an output the agent got twice', () => {
  let t: TempStore;
  let first = '';
  let again = '';
  let other = '';
  const fileLines = Array.from(
    { length: 30 },
    (_, i) => `${100 + i}\t    retry_budget = settings.retry_budget_${i}`,
  );
  beforeAll(() => {
    t = tempStore();
    for (let i = 0; i < 40; i++)
      t.store.ingest(entry({ original: `collected ${i} items from module_${i}.py, all checks passed` }));
    first = t.store.ingest(
      entry({
        original: ['<output>', ...fileLines, '</output>'].join('\n'),
        class: 'code',
        call: 'cat -n app/retry.py',
      }),
    ).id;
    // The same read a few turns later, one line edited since.
    again = t.store.ingest(
      entry({
        original: ['<output>', ...fileLines.slice(0, 29), '129\t    retry_budget = None', '</output>'].join(
          '\n',
        ),
        class: 'code',
        call: 'cat -n app/retry.py',
      }),
    ).id;
    other = t.store.ingest(
      entry({ original: 'ls config/\nretry_budget.toml\nsettings.toml', call: 'ls config/' }),
    ).id;
  });
  afterAll(() => t.close());

  const query = 'where is the retry budget setting read from? retry_budget settings';

  it('ranks the repeat after an output that says something else', () => {
    const ids = recall(t.store, query, SCOPE, { touch: false, limit: 2 }).hits.map((h) => h.id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(other);
    expect(ids.filter((id) => id === first || id === again)).toHaveLength(1);
  });

  it('names the repeat on the hit it repeats, so its id stays in view', () => {
    const result = recall(t.store, query, SCOPE, { touch: false, limit: 2 });
    const { hits } = result;
    const twin = hits.find((h) => h.id === first || h.id === again)!;
    const moved = twin.id === first ? again : first;
    expect(twin.relevanceSignal).toContain(`repeat:${moved}`);
    expect(formatRecallText(result)).toContain(`repeat:${moved}`);
  });

  it('still shows the repeat when nothing else matches', () => {
    const ids = recall(t.store, query, SCOPE, { touch: false, limit: 3 }).hits.map((h) => h.id);
    expect(new Set(ids)).toEqual(new Set([first, again, other]));
  });
});

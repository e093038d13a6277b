import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

const CREATE = (path: string) =>
  `<function=str_replace_editor>\n<parameter=command>create</parameter>\n<parameter=path>${path}</parameter>`;
const QUERY =
  'Let me remove the test scripts and submit:\n<function=bash>\n<parameter=command>rm /testbed/reproduce.py</parameter>';

const LOOK_ALIKES: Array<[string, 'error' | 'log' | 'prose']> = [
  [
    'Traceback (most recent call last):\n  File "/testbed/reproduce.py", line 4\nValueError: bad widget',
    'error',
  ],
  ['The file /testbed/reproduce.py has been edited. Here is the result of running cat -n on it.', 'log'],
  ['$ python /testbed/reproduce.py\nexpected 3, got 4: the test scripts still fail', 'log'],
  ['pytest tests/test_submit.py: 3 passed, 1 failed (test scripts of the submit flow)', 'log'],
  ['remove: cannot remove /testbed/reproduce.pyc: no such file', 'error'],
  ['Submit checklist: remove debugging output, run the test scripts, then submit the patch', 'log'],
  ['ls /testbed\nreproduce.py setup.py README.rst', 'log'],
  ['scripts to remove before we submit: /testbed/reproduce.py', 'log'],
  ['test scripts: /testbed/reproduce.py passes now', 'log'],
  ['rm /testbed/reproduce.py.orig: the backup of the test script is removed', 'log'],
  ['reproduce.py in /testbed calls the test helpers', 'log'],
  ['test scripts removed? /testbed/reproduce.py is still there', 'log'],
  ['submit once the test scripts pass: python /testbed/reproduce.py', 'log'],
  ['remove /testbed/reproduce.py and the test scripts, then submit the patch', 'log'],
  ['test scripts for the submit: /testbed/reproduce.py and the bash runner', 'log'],
];

/**
 * An agent cleaning up names one of the scripts it wrote; the others it wrote in the same folder
 * share no word with what it says but the folder, while its runs of the named script share many.
 */
describe('recall finds the files an agent wrote next to the one a query names', () => {
  let t: TempStore;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    t = tempStore();
    ids['named'] = t.store.ingest(
      entry({
        original: 'File created successfully at: /testbed/reproduce.py',
        class: 'log',
        call: CREATE('/testbed/reproduce.py'),
      }),
    ).id;
    ids['sibling'] = t.store.ingest(
      entry({
        original: 'File created successfully at: /testbed/edge_cases.py',
        class: 'log',
        call: CREATE('/testbed/edge_cases.py'),
      }),
    ).id;
    for (const [original, cls] of LOOK_ALIKES) t.store.ingest(entry({ original, class: cls, call: 'bash' }));
  });
  afterAll(() => t.close());

  it('ranks the sibling the agent created first, above the named script and its runs', () => {
    const hits = recall(t.store, QUERY, SCOPE, { touch: false }).hits.map((h) => h.id);
    expect(hits[0]).toBe(ids['sibling']);
    expect(hits).toContain(ids['named']);
  });
});

describe('a written sibling joins the candidates when the query shares no searched word with it', () => {
  let t: TempStore;
  let sibling = '';
  let elsewhere = '';
  beforeAll(() => {
    t = tempStore();
    elsewhere = t.store.ingest(
      entry({
        original: 'Wrote 30 lines.',
        class: 'log',
        sourcePath: '/srv/shop/other_session.md',
        sourceTool: 'Write',
        scope: { ...SCOPE, session: 'session-2' },
      }),
    ).id;
    sibling = t.store.ingest(
      entry({
        original: 'Wrote 12 lines.',
        class: 'log',
        sourcePath: '/srv/shop/notes_extra.md',
        sourceTool: 'Write',
      }),
    ).id;
    for (let i = 0; i < 70; i++) {
      t.store.ingest(
        entry({
          original: `stale cache entry ${i} for /srv/shop/cache_index.json, purge pending`,
          class: 'log',
        }),
      );
    }
  });
  afterAll(() => t.close());

  const hits = () =>
    recall(t.store, 'purge the stale cache: rm /srv/shop/cache_index.json', SCOPE, {
      touch: false,
      limit: 100,
    }).hits.map((h) => h.id);

  it('is among the hits of a clean-up naming another file of its folder', () => {
    expect(hits()).toContain(sibling);
  });

  it("joins from the session asking only, not from the project's other sessions", () => {
    expect(hits()).not.toContain(elsewhere);
  });
});

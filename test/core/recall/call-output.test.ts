import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

/**
 * A text-format agent (mini-swe-agent, SWE-agent) writes its call in its own message and gets the
 * output back as a plain message: no tool block names a tool, and the output can read as prose.
 */
describe('recall takes a call output for what it is, not for the agent talking', () => {
  let t: TempStore;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    t = tempStore();
    ids['said'] = t.store.ingest(
      entry({
        original: 'THOUGHT: The widget order looks wrong. I will check the widget order with a small script.',
        class: 'prose',
      }),
    ).id;
    ids['output'] = t.store.ingest(
      entry({
        original: 'File created successfully at: /testbed/check_widget_order.py',
        class: 'prose',
        call: "str_replace_editor create /testbed/check_widget_order.py 'widget ordering check'",
      }),
    ).id;
  });
  afterAll(() => t.close());

  it('ranks the output of the call above the message that only talks about it', () => {
    const hits = recall(t.store, 'widget order check', SCOPE, { touch: false }).hits;
    expect(hits.map((h) => h.id)).toEqual([ids['output'], ids['said']]);
  });

  it('still finds the message when the query is about what it says', () => {
    const hits = recall(t.store, 'widget order looks wrong', SCOPE, { touch: false }).hits;
    expect(hits[0]?.id).toBe(ids['said']);
  });
});

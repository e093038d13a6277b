import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRecallText, recallWire } from '../../../src/core/recall/format.js';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

describe('recall told what the model sees in full', () => {
  let t: TempStore;
  const ids: string[] = [];
  beforeAll(() => {
    t = tempStore();
    for (let i = 0; i < 4; i++)
      ids.push(
        t.store.ingest(
          entry({
            original: `pytest run ${i}: FAILED tests/test_parser.py::test_quote_${i} - KeyError: 'tag'`,
          }),
        ).id,
      );
  });
  afterAll(() => t.close());

  it('gives the place of an entry in context to the next one, and names it', () => {
    const blind = recall(t.store, 'test_parser KeyError tag', SCOPE, { touch: false, limit: 2 });
    expect(blind.inContext).toBeUndefined();
    const seen = new Set(blind.hits.slice(0, 1).map((h) => h.id));
    const knowing = recall(t.store, 'test_parser KeyError tag', SCOPE, {
      touch: false,
      limit: 2,
      inContext: (id) => seen.has(id),
    });
    expect(knowing.hits.map((h) => h.id)).toEqual([blind.hits[1]!.id, expect.any(String)]);
    expect(knowing.hits.some((h) => seen.has(h.id))).toBe(false);
    expect(knowing.inContext).toEqual([...seen]);
    expect(formatRecallText(knowing)).toContain(
      `already in your context in full, not repeated: ${[...seen][0]}`,
    );
    expect(recallWire(knowing).in_context).toEqual([...seen]);
  });

  it('returns no hit but the names when everything that matches is in context', () => {
    const all = new Set(ids);
    const knowing = recall(t.store, 'test_parser KeyError tag', SCOPE, {
      touch: false,
      inContext: (id) => all.has(id),
    });
    expect(knowing.hits).toEqual([]);
    expect(new Set(knowing.inContext)).toEqual(all);
  });
});

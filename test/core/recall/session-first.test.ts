import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

/** The same file read in two sessions of one project, a line apart: a look-alike from elsewhere. */
const read = (token: string) =>
  ['export const FEATURE_FLAGS = {', `  checkoutV2: '${token}',`, "  legacyCart: 'off',", '};'].join('\n');

describe('recall prefers the session asking', () => {
  let t: TempStore;
  const ids: Record<string, string> = {};
  beforeAll(() => {
    t = tempStore();
    const other = { ...SCOPE, session: 'session-earlier' };
    ids['earlier'] = t.store.ingest(
      entry({ original: read('rollout-17'), class: 'code', sourceTool: 'Read', scope: other }),
    ).id;
    t.advance(60_000);
    ids['own'] = t.store.ingest(
      entry({ original: `${read('rollout-42')}\n`, class: 'code', sourceTool: 'Read' }),
    ).id;
    t.advance(60_000);
    ids['elsewhere-only'] = t.store.ingest(
      entry({ original: 'payment retries capped at 5 per hour', class: 'log', scope: other }),
    ).id;
  });
  afterAll(() => t.close());

  it('ranks its own entry above a look-alike another session of the project stored', () => {
    const hits = recall(t.store, 'checkoutV2 feature flag value', SCOPE, { touch: false }).hits;
    expect(hits.map((h) => h.id)).toEqual([ids['own'], ids['earlier']]);
    const fromEarlier = recall(
      t.store,
      'checkoutV2 feature flag value',
      { ...SCOPE, session: 'session-earlier' },
      {
        touch: false,
      },
    ).hits;
    expect(fromEarlier[0]?.id).toBe(ids['earlier']);
  });

  it('still finds what only another session of the project stored', () => {
    const hits = recall(t.store, 'payment retries', SCOPE, { touch: false }).hits;
    expect(hits[0]?.id).toBe(ids['elsewhere-only']);
  });
});

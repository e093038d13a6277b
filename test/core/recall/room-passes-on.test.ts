import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

describe('what a hit leaves of its share goes to the hits after it', () => {
  let t: TempStore;
  beforeAll(() => {
    t = tempStore();
    // The best hit: a short note on the failover, shown whole in much less than its share.
    const notes = Array.from({ length: 20 }, (_, i) => `failover drill ${i}: replica lag checked`);
    t.store.ingest(entry({ original: ['failover of replica east: promoted', ...notes].join('\n') }));
    // The second: a long log, matching the question as well, whose fact sits well below the line it matches.
    const log = Array.from({ length: 800 }, (_, i) => `2026-03-14 heartbeat ok seq=${i}`);
    log[200] = '2026-03-14 failover of replica east started, to be promoted';
    log[260] = 'new primary endpoint db-w7.internal';
    t.advance(60_000);
    t.store.ingest(entry({ original: log.join('\n'), sourceTool: 'Bash' }));
  });
  afterAll(() => t.close());

  it('lets the second hit show a fact it would not reach in its own share', () => {
    const tokenizer = defaultTokenizer();
    const result = recall(t.store, 'failover replica east promoted', SCOPE, {
      touch: false,
      tokenizer,
      maxTokens: 1_200,
    });
    expect(result.hits).toHaveLength(2);
    expect(result.hits[0]?.text).toContain('failover of replica east: promoted');
    expect(result.hits[1]?.text).toContain('db-w7.internal');
    expect(result.hits.reduce((n, h) => n + tokenizer.count(h.text), 0)).toBeLessThanOrEqual(1_200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTIAL_TOKENS, partlyMatching } from '../../../src/core/recall/partial-match.js';
import { recall } from '../../../src/core/recall/recall.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

describe('a hit matching part of the query beside a first hit matching all of it', () => {
  let t: TempStore;
  beforeAll(() => {
    t = tempStore();
    // The first hit holds every word asked for.
    const notes = Array.from({ length: 20 }, (_, i) => `failover drill ${i}: replica lag checked`);
    t.store.ingest(entry({ original: ['failover of replica east: promoted', ...notes].join('\n') }));
    // The second holds one of them, on one line of a long log.
    const log = Array.from({ length: 800 }, (_, i) => `2026-03-14 heartbeat ok seq=${i}`);
    log[200] = '2026-03-14 failover started';
    log[260] = 'new primary endpoint db-w7.internal';
    t.advance(60_000);
    t.store.ingest(entry({ original: log.join('\n'), sourceTool: 'Bash' }));
  });
  afterAll(() => t.close());

  it('shows its matched line, not a page around it, and leaves the budget unused', () => {
    const tokenizer = defaultTokenizer();
    const result = recall(t.store, 'failover replica east promoted', SCOPE, {
      touch: false,
      tokenizer,
      maxTokens: 1_200,
    });
    expect(result.hits).toHaveLength(2);
    expect(result.hits[0]?.text).toContain('failover of replica east: promoted');
    const second = result.hits[1]?.text ?? '';
    expect(second).toContain('failover started');
    expect(second).not.toContain('db-w7.internal');
    // Its best window is shown whole, with the folds that say what lies around it.
    expect(tokenizer.count(second)).toBeLessThan(2 * PARTIAL_TOKENS);
    expect(result.hits.reduce((n, h) => n + tokenizer.count(h.text), 0)).toBeLessThan(600);
  });

  it('still shows more of it when the caller asks for it whole', () => {
    const result = recall(t.store, 'failover replica east promoted', SCOPE, { touch: false, full: true });
    expect(result.hits[1]?.text).toContain('db-w7.internal');
  });
});

describe('partlyMatching', () => {
  it('marks the hits beside a strong first hit that hold much less than the best', () => {
    expect(partlyMatching([10, 2, 9.8, undefined], 10)).toEqual([false, true, false, false]);
  });

  it('marks none when the first hit holds too little of the query', () => {
    expect(partlyMatching([5, 1], 10)).toEqual([false, false]);
  });
});

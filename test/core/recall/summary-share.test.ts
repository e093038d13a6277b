import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

describe("a weak hit's summary leaves the better hits their room", () => {
  let t: TempStore;
  beforeAll(() => {
    t = tempStore();
    // The fact sits 60 lines below the line the question matches: it needs the first hit's whole share.
    const lines = Array.from({ length: 500 }, (_, i) => `2026-03-14 heartbeat ok seq=${i}`);
    lines[200] = '2026-03-14 worker 4 migration batch started';
    lines[260] = '2026-03-14 rollback token RB-5521-ZX written';
    t.store.ingest(entry({ original: lines.join('\n'), class: 'log', sourceTool: 'Bash' }));
    // An old report whose original does not hold the words: it is shown by its long summary.
    const report = Array.from({ length: 300 }, (_, i) => `row ${i}: nothing to report`).join('\n');
    const summary = `report on the migration: ${'phase done, checks green, nothing pending; '.repeat(150)}`;
    t.store.ingest(entry({ original: report, summary, class: 'prose', sourceTool: 'Read', priority: 0 }));
    t.advance(60 * 60_000);
  });
  afterAll(() => t.close());

  it('cuts the summary to its rank’s share, and the first hit shows the fact', () => {
    const tokenizer = defaultTokenizer();
    const result = recall(t.store, 'the migration batch of worker 4', SCOPE, { touch: false, tokenizer });
    expect(result.hits.map((h) => h.form)).toEqual(['snippet', 'summary']);
    expect(result.hits[0]?.text).toContain('RB-5521-ZX');
    const summary = result.hits[1]?.text ?? '';
    expect(tokenizer.count(summary)).toBeLessThan(900);
    expect(summary.startsWith('report on the migration: phase done')).toBe(true);
    expect(result.hits.reduce((n, h) => n + tokenizer.count(h.text), 0)).toBeLessThanOrEqual(2_000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

describe('the budget follows how far ahead the first hit is', () => {
  let t: TempStore;
  beforeAll(() => {
    t = tempStore();
    const log = (at: Record<number, string>) =>
      Array.from({ length: 800 }, (_, i) => at[i] ?? `2026-03-14 heartbeat ok seq=${i}`).join('\n');
    // The fact sits 100 lines below the line the question matches.
    t.store.ingest(
      entry({
        original: log({
          200: '2026-03-14 worker 4 migration batch started',
          300: 'rollback token RB-5521-ZX',
        }),
        sourceTool: 'Bash',
      }),
    );
    // Two logs that name the migration once, and nothing else the question asks.
    for (const n of [1, 2]) {
      t.advance(60_000);
      t.store.ingest(
        entry({ original: log({ 400: `2026-03-1${n} migration skipped` }), sourceTool: 'Bash' }),
      );
    }
  });
  afterAll(() => t.close());

  it('gives a first hit far ahead of the others the room to show a fact well below its match', () => {
    const tokenizer = defaultTokenizer();
    const result = recall(t.store, 'the migration batch of worker 4', SCOPE, { touch: false, tokenizer });
    expect(result.hits).toHaveLength(3);
    const [first, second] = result.hits.map((h) => h.score);
    expect(second ?? 0).toBeLessThan((first ?? 0) * 0.8);
    expect(result.hits[0]?.text).toContain('RB-5521-ZX');
    expect(result.hits.reduce((n, h) => n + tokenizer.count(h.text), 0)).toBeLessThanOrEqual(2_000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recall } from '../../../src/core/recall/recall.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';

/** A numbered read of a class (`sed -n` prints lines so): its matched header and call, a constant below them. */
function classRead(): string {
  const lines = Array.from(
    { length: 60 },
    (_, i) => `${String(1400 + i).padStart(6)}\t        value_${i} = scale(value_${i - 1})`,
  );
  lines[3] = '  1403\tclass NormFromScale:';
  lines[25] = '  1425\t    def __call__(self, value, clip=None): clip the scaled norm';
  lines[55] = '  1455\t        limit = 7731';
  return lines.join('\n');
}

describe('a hit whose passages would take nearly all of its original', () => {
  let t: TempStore;
  beforeAll(() => {
    t = tempStore();
    t.store.ingest(entry({ original: classRead(), sourceTool: 'Bash' }));
    t.advance(60_000);
    // A weaker second hit, so the first has room left after its share.
    const log = Array.from({ length: 500 }, (_, i) => `tick ${i} ok`);
    log[250] = 'norm check: value clipped';
    t.store.ingest(entry({ original: log.join('\n'), sourceTool: 'Bash' }));
  });
  afterAll(() => t.close());

  it('shows it whole, within the budget, and the next hit still shows its line', () => {
    const tokenizer = defaultTokenizer();
    const result = recall(t.store, 'the scaled norm call clips the value', SCOPE, {
      touch: false,
      tokenizer,
      maxTokens: 1_000,
    });
    expect(result.hits[0]?.text).toBe(classRead());
    expect(result.hits[0]?.text).toContain('limit = 7731');
    expect(result.hits[1]?.text).toContain('norm check: value clipped');
    expect(result.hits.reduce((n, h) => n + tokenizer.count(h.text), 0)).toBeLessThanOrEqual(1_000);
  });

  it('does not go over the budget when it is the only hit', () => {
    const tokenizer = defaultTokenizer();
    const maxTokens = 700;
    const result = recall(t.store, 'the scaled norm call clips the value', SCOPE, {
      touch: false,
      tokenizer,
      maxTokens,
      limit: 1,
    });
    expect(result.truncated).toBe(false);
    expect(tokenizer.count(result.hits[0]?.text ?? '')).toBeLessThanOrEqual(maxTokens);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { pack, unpack } from '../../../src/core/store/packing.js';
import { ftsText, HUGE_INDEX_CHARS } from '../../../src/core/store/fts-text.js';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore } from './support.js';

const line = 'INFO worker 17 processed batch 12345 in 42 ms status=ok 😀\n';
/** A log of `chars` characters, the same line over and over, with one odd line in the middle. */
function hugeLog(chars: number, middle: string): string {
  const half = line.repeat(Math.ceil(chars / 2 / line.length));
  return `${half}${middle}\n${half}`;
}

const temp = tempStore();
afterAll(() => temp.close());

describe('a huge original in the store', () => {
  it('is packed a slice at a time and unpacks byte for byte', () => {
    const text = hugeLog(9_000_000, 'ERROR quokka7 failed');
    const packed = pack(text);
    expect(packed.packed).toBe(true);
    expect(unpack(packed.value, true)).toBe(text);
  });

  it('is indexed by its distinct lines and words, found by a word from its middle, and shown exact', () => {
    const text = hugeLog(2 * HUGE_INDEX_CHARS, 'ERROR quokka7 failed');
    const index = ftsText(text);
    expect(index.length).toBeLessThan(1_000);
    expect(index).toContain('ERROR quokka7 failed');
    const { id } = temp.store.ingest(entry({ original: text, summary: 'a long worker log' }));
    expect(temp.store.fetch(id)!.original).toBe(text);
    const hits = recall(temp.store, 'quokka7', SCOPE, { touch: false }).hits;
    expect(hits.map((hit) => hit.id)).toContain(id);
  });

  it('past its budget of distinct lines, still has every word once', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `row ${i} value ${(i * 7919) % 100_003} w${i}x`);
    const text = lines.join('\n');
    expect(text.length).toBeGreaterThan(HUGE_INDEX_CHARS);
    const index = ftsText(text);
    expect(index).toContain('w199999x');
    expect(index.length).toBeLessThan(text.length);
  });
});

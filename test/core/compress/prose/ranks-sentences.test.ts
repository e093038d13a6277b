import { describe, expect, it } from 'vitest';
import { jaccard, textRank } from '../../../../src/core/compress/prose/textrank.js';

describe('textRank', () => {
  it('scores the sentence that shares words with the others highest', () => {
    const sentences = [
      ['cache', 'miss', 'request'],
      ['cache', 'hit', 'request', 'latency'],
      ['weather', 'sunny'],
      ['latency', 'cache', 'request', 'budget'],
    ];
    const scores = textRank(sentences);
    const best = scores.indexOf(Math.max(...scores));
    expect([1, 3]).toContain(best);
    expect(scores[2]).toBeLessThan(scores[0]!);
  });

  it('is deterministic and compares only within the window', () => {
    const sentences = Array.from({ length: 200 }, (_, i) => [`w${i % 7}`, `v${i % 3}`]);
    expect(textRank(sentences)).toEqual(textRank(sentences));
    const near = textRank([['a'], ['b'], ['a']], 1);
    expect(near[0]).toBeCloseTo(near[1]!);
    const wide = textRank([['a'], ['b'], ['a']], 2);
    expect(wide[0]).toBeGreaterThan(wide[1]!);
  });

  it('handles no sentences and sentences without words', () => {
    expect(textRank([])).toEqual([]);
    const [a, b] = textRank([[], []]);
    expect(a).toBeCloseTo(0.15);
    expect(b).toBeCloseTo(0.15);
  });
});

describe('jaccard', () => {
  it('is |A∩B| / |A∪B| on sorted ids', () => {
    expect(jaccard(Int32Array.from([1, 2, 3]), Int32Array.from([2, 3, 4]))).toBe(0.5);
    expect(jaccard(Int32Array.from([]), Int32Array.from([1]))).toBe(0);
  });
});

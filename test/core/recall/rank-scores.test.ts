import { describe, expect, it } from 'vitest';
import { scoresInRankOrder } from '../../../src/core/recall/rank-scores.js';
import type { RecallHit } from '../../../src/core/store/types.js';

const hit = (id: string, score: number): RecallHit => ({
  id,
  class: 'log',
  text: id,
  score,
  relevanceSignal: ['keyword:x'],
  createdAt: 0,
});

describe('scores in rank order', () => {
  it('caps a hit ranked below lower scores at the score above it, names why, and keeps order and text', () => {
    const shown = scoresInRankOrder([hit('a', 0.97), hit('b', 0.53), hit('c', 0.19), hit('d', 0.85)], (h) =>
      h.id === 'd' ? 'repeat' : 'own-text',
    );
    expect(shown.map((h) => [h.id, h.score])).toEqual([
      ['a', 0.97],
      ['b', 0.53],
      ['c', 0.19],
      ['d', 0.19],
    ]);
    expect(shown[3]!.relevanceSignal).toEqual(['keyword:x', 'ranked-down:repeat']);
    expect(shown.slice(0, 3).every((h) => h.relevanceSignal.length === 1)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { cutToFit, fitToBudget } from '../../../src/core/recall/budget.js';
import { findTokens, head, snippet } from '../../../src/core/recall/snippet.js';
import { createEstimateCounter } from '../../../src/core/tokens/tokenizer.js';

describe('findTokens', () => {
  it('finds words at word starts and camelCase boundaries, not inside other words', () => {
    const found = findTokens('parseConfig(config); reconfigure CONFIG_FILE', ['config']);
    const text = 'parseConfig(config); reconfigure CONFIG_FILE';
    expect(found.get('config')).toEqual([5, 12, text.indexOf('CONFIG')]);
  });

  it('does not let a number match the start of a longer number', () => {
    expect(findTokens('line 1234 and 12', ['12']).get('12')).toEqual([14]);
  });
});

describe('snippet', () => {
  const lines = Array.from(
    { length: 200 },
    (_, i) => `line ${i}: ${i === 150 ? 'ZeroDivisionError in compute_ratio' : 'ok'}`,
  ).join('\n');

  it('centres a window on the matched words, at line boundaries, with … where cut', () => {
    const found = findTokens(lines, ['zerodivisionerror', 'ratio']);
    const text = snippet(lines, found, new Map([['zerodivisionerror', 3]])) ?? '';
    expect(text).toContain('ZeroDivisionError in compute_ratio');
    expect(text.startsWith('…line ')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThan(700);
  });

  it('returns undefined when no word occurs', () => {
    expect(snippet(lines, new Map(), new Map())).toBeUndefined();
  });

  it('head keeps short texts whole and cuts long ones at a line', () => {
    expect(head('short')).toBe('short');
    expect(head(lines).endsWith('…')).toBe(true);
  });
});

describe('budget', () => {
  const tokenizer = createEstimateCounter(4);

  it('keeps items in order while they fit, then cuts the next one and stops', () => {
    const items = [
      { id: 'a', text: 'x'.repeat(400) },
      { id: 'b', text: 'y\n'.repeat(400) },
      { id: 'c', text: 'z'.repeat(40) },
    ];
    const fitted = fitToBudget(items, 200, tokenizer);
    expect(fitted.truncated).toBe(true);
    expect(fitted.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(fitted.items[1]?.text).toContain('cut to fit the recall budget');
    expect(fitted.tokens).toBeLessThanOrEqual(200);
  });

  it('reports no truncation when everything fits', () => {
    expect(fitToBudget([{ id: 'a', text: 'small' }], 100, tokenizer)).toMatchObject({
      truncated: false,
      items: [{ id: 'a', text: 'small' }],
    });
  });

  it('cutToFit gives up when even the notice does not fit', () => {
    expect(cutToFit('long text', 2, ' [cut, see the full entry]', tokenizer)).toBeUndefined();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachMatch } from '../../../src/core/format/index.js';

const all = (text: string, pattern: RegExp) => {
  const found: Array<[string, number]> = [];
  forEachMatch(text, pattern, (match) => {
    found.push([match[0], match.index]);
  });
  return found;
};
const viaMatchAll = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match): [string, number] => [match[0], match.index]);

const PATTERNS = [/[A-Za-z0-9]+/g, /\b[A-Z]?\w*Error\b/g, /x*/g, /[\p{L}.]*/gu, /(?:ab)+|\d/g];

describe('forEachMatch', () => {
  it('visits the matches matchAll gives, in order, empty ones included', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'x', 'Z', '1', ' ', '.', 'é', '😀', 'Error') }),
        (text) => {
          for (const pattern of PATTERNS) expect(all(text, pattern)).toEqual(viaMatchAll(text, pattern));
        },
      ),
    );
  });

  it('stops when the visitor returns false, and leaves the pattern ready for the next text', () => {
    const pattern = /\d+/g;
    const seen: string[] = [];
    forEachMatch('1 22 333 4444', pattern, (match) => seen.push(match[0]) < 2);
    expect(seen).toEqual(['1', '22']);
    expect(pattern.lastIndex).toBe(0);
    pattern.lastIndex = 5;
    expect(all('7 88', pattern)).toEqual([
      ['7', 0],
      ['88', 2],
    ]);
  });
});

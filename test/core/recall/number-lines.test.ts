import { describe, expect, it } from 'vitest';
import { numberPassageLines } from '../../../src/core/recall/number-lines.js';

describe('numbered passage lines, for a person reading a recall', () => {
  it('numbers the lines each window label announces, and a one-line window, padded to the widest', () => {
    const text = [
      '[lines 98-101]',
      'a',
      'b',
      '[lines 5-6] looks like a label',
      'd',
      '[line 7] e',
      '[lines 1200-1201]',
      'f',
      'g',
    ].join('\n');
    expect(numberPassageLines(text)).toBe(
      [
        '[lines 98-101]',
        ' 98| a',
        ' 99| b',
        '100| [lines 5-6] looks like a label',
        '101| d',
        '7| e',
        '[lines 1200-1201]',
        '1200| f',
        '1201| g',
      ].join('\n'),
    );
  });

  it('leaves a cut notice, a title mark and lines past a window as they are', () => {
    const text = [
      '[lines 10-14]',
      'x',
      'y',
      '… [cut to fit the recall budget; `gardener show ab12` has all of it]',
    ].join('\n');
    expect(numberPassageLines(text)).toBe(
      [
        '[lines 10-14]',
        '10| x',
        '11| y',
        '… [cut to fit the recall budget; `gardener show ab12` has all of it]',
      ].join('\n'),
    );
    expect(numberPassageLines('…\n12: own numbers\n13: more')).toBe('…\n12: own numbers\n13: more');
  });
});

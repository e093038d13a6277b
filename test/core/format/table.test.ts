import { describe, expect, it } from 'vitest';
import { textTable } from '../../../src/core/format/table.js';

describe('textTable', () => {
  it('aligns the first column left and the figures right', () => {
    expect(
      textTable(
        ['name', 'n'],
        [
          ['a', '1'],
          ['bbb', '1,000'],
        ],
      ),
    ).toBe('name      n\n────  ─────\na         1\nbbb   1,000');
  });

  it('measures width in characters, not UTF-16 units, and drops trailing spaces', () => {
    expect(textTable(['α→β', ''], [['x', '']])).toBe('α→β\n───  \nx');
  });
});

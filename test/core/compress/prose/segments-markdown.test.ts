import { describe, expect, it } from 'vitest';
import { blockRoles, segment } from '../../../../src/core/compress/prose/markdown.js';
import { reduceFence, reduceTable } from '../../../../src/core/compress/prose/render.js';

const sample = [
  '# Title',
  'A paragraph',
  'on two lines.',
  '',
  '- first item',
  '  continued',
  '  - nested item',
  '- second item',
  '> quoted line',
  '> more quote',
  '',
  '```sh',
  'echo "# not a heading"',
  '```',
  '| a | b |',
  '|---|---|',
  '---',
  'def run():',
  '    x = compute(1, 2)',
  '    return x',
].join('\n');

describe('segment', () => {
  const blocks = segment(sample);

  it('splits into block kinds and gives the input back', () => {
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'blank',
      'item',
      'item',
      'item',
      'quote',
      'blank',
      'fence',
      'table',
      'rule',
      'code',
    ]);
    expect(blocks.flatMap((b) => b.lines).join('\n')).toBe(sample);
  });

  it('strips markers from the prose of items and quotes', () => {
    expect(blocks[3]!.prose).toBe('first item\ncontinued');
    expect(blocks[3]!.continuation).toBe('  ');
    expect(blocks[4]!.prefix).toBe('  - ');
    expect(blocks[6]!.prose).toBe('quoted line\nmore quote');
  });

  it('runs an unterminated fence to the end', () => {
    expect(segment('text\n```\ncode\nmore').map((b) => b.kind)).toEqual(['paragraph', 'fence']);
  });
});

describe('blockRoles', () => {
  it('groups sibling items and marks items with nested ones as leads', () => {
    const roles = blockRoles(segment(sample));
    expect(roles[3]!.group).toBe(roles[5]!.group);
    expect(roles[4]!.group).not.toBe(roles[3]!.group);
    expect(roles[3]!.lead).toBe(true);
    expect(roles[5]!.lead).toBe(false);
  });
});

describe('code and table reduction', () => {
  it('keeps short code whole and cuts long code to its first lines', () => {
    expect(reduceFence(['```', 'a', 'b', '```'])).toEqual(['```', 'a', 'b', '```']);
    const long = ['```py', ...Array.from({ length: 20 }, (_, i) => `line ${i}`), '```'];
    expect(reduceFence(long)).toEqual(['```py', 'line 0', 'line 1', '… 18 more lines', '```']);
  });

  it('keeps a table header and first rows', () => {
    const table = ['| a |', '|---|', ...Array.from({ length: 12 }, (_, i) => `| ${i} |`)];
    expect(reduceTable(table)).toEqual([
      '| a |',
      '|---|',
      '| 0 |',
      '| 1 |',
      '| 2 |',
      '| 3 |',
      '| … 8 more rows |',
    ]);
  });
});

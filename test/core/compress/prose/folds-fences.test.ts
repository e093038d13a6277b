import { describe, expect, it } from 'vitest';
import {
  changedLines,
  describeEdit,
  hasEditBlocks,
  summarizeEdits,
} from '../../../../src/core/compress/prose/edit-blocks.js';
import { headFold, reduceFence } from '../../../../src/core/compress/prose/fences.js';

const keep = (lines: readonly string[]): string[] => [...lines];

describe('edit blocks (aider SEARCH/REPLACE)', () => {
  const search = [
    '    def confirm_ask(self, question, default="y"):',
    '        self.num_user_asks += 1',
    '        if self.yes is True:',
    '            res = True',
    '        else:',
    '            res = confirm(question)',
    '        return res',
  ];
  const replace = [
    '    def confirm_ask(self, question, default="y"):',
    '        self.num_user_asks += 1',
    '        if self.yes is True:',
    '            res = "y"',
    '        else:',
    '            res = prompt(question + " ", default=default)',
    '        return res',
  ];

  it('lists only the changed lines, removed before added, in order', () => {
    expect(changedLines(search, replace)).toEqual([
      '-            res = True',
      '+            res = "y"',
      '-            res = confirm(question)',
      '+            res = prompt(question + " ", default=default)',
    ]);
    expect(changedLines(['a', 'b', 'c'], ['a', 'x', 'b', 'c'])).toEqual(['+x']);
  });

  it('heads an edit with its sizes, counts and the first searched line', () => {
    expect(describeEdit({ search, replace }, keep)[0]).toBe(
      '[edit: 7 → 7 lines, -2 +2, at: def confirm_ask(self, question, default="y"):]',
    );
    expect(describeEdit({ search: [''], replace: ['a', 'b'] }, keep)).toEqual([
      '[edit: new text, 2 lines]',
      'a',
      'b',
    ]);
    expect(describeEdit({ search: ['x = 1', 'y = 2'], replace: [] }, keep)).toEqual([
      '[edit: 2 lines removed, from: x = 1]',
    ]);
  });

  it('caps the changed lines shown and counts the rest', () => {
    const before = Array.from({ length: 12 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 12 }, (_, i) => `new ${i}`);
    const lines = describeEdit({ search: before, replace: after }, keep);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('… 20 more changed lines');
  });

  it('rewrites every block of a fence body and leaves other lines and unterminated blocks alone', () => {
    const body = [
      '<<<<<<< SEARCH',
      'a = 1',
      '=======',
      'a = 2',
      '>>>>>>> REPLACE',
      'tail',
      '<<<<<<< SEARCH',
      'b',
    ];
    expect(hasEditBlocks(body)).toBe(true);
    expect(summarizeEdits(body, keep)).toEqual([
      '[edit: 1 → 1 lines, -1 +1, at: a = 1]',
      '-a = 1',
      '+a = 2',
      'tail',
      '<<<<<<< SEARCH',
      'b',
    ]);
  });
});

describe('reduceFence', () => {
  it('summarises an aider edit fence, keeping its fence lines', () => {
    const fence = [
      '```python',
      '<<<<<<< SEARCH',
      ...Array.from({ length: 10 }, (_, i) => `line_${i} = ${i}`),
      '=======',
      ...Array.from({ length: 10 }, (_, i) => `line_${i} = ${i === 4 ? 40 : i}`),
      '>>>>>>> REPLACE',
      '```',
    ];
    expect(reduceFence(fence)).toEqual([
      '```python',
      '[edit: 10 → 10 lines, -1 +1, at: line_0 = 0]',
      '-line_4 = 4',
      '+line_4 = 40',
      '```',
    ]);
  });

  it('outlines long code with the code compressor, using the file named above the fence', () => {
    const body = [
      'import os',
      '',
      'def load(path):',
      ...Array.from({ length: 12 }, (_, i) => `    value_${i} = os.getenv("K${i}")`),
      '    return path',
      '',
      'def save(path, data):',
      ...Array.from({ length: 10 }, (_, i) => `    print(${i}, path, data)`),
    ];
    const out = reduceFence(['```', ...body, '```'], { path: 'tools/config.py' });
    expect(out[0]).toBe('```');
    expect(out.at(-1)).toBe('```');
    expect(out.join('\n')).toContain('def load(path):');
    expect(out.join('\n')).toContain('def save(path, data):');
    expect(out.length).toBeLessThan(10);
  });

  it('keeps shell commands and folds the here-document they write', () => {
    const fence = [
      '```bash',
      "cat <<'EOF' > fix.txt",
      ...Array.from({ length: 30 }, (_, i) => `note ${i}`),
      'EOF',
      'python fix.py',
      '```',
    ];
    expect(reduceFence(fence)).toEqual([
      '```bash',
      "cat <<'EOF' > fix.txt",
      'note 0',
      'note 1',
      '… 28 more lines',
      'EOF',
      'python fix.py',
      '```',
    ]);
  });

  it('keeps short snippets whole and cuts a longer one in a code language to its first lines', () => {
    const snippet = ['```python', 'a = 1', 'b = 2', 'c = a + b', '```'];
    expect(reduceFence(snippet)).toEqual(snippet);
    const longer = ['```python', ...Array.from({ length: 7 }, (_, i) => `x${i} = ${i}`), '```'];
    expect(reduceFence(longer)).toEqual(['```python', 'x0 = 0', 'x1 = 1', '… 5 more lines', '```']);
    expect(headFold(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(headFold(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', '… 2 more lines']);
  });
});

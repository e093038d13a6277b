import { describe, expect, it } from 'vitest';
import { compressProse, withoutBareMarks } from '../../../../src/core/compress/prose/index.js';

/** A markdown file as Claude Code's Read shows it: `     1→` gutters. */
function numbered(lines: readonly string[]): string {
  return lines.map((line, i) => `${String(i + 1).padStart(6)}→${line}`).join('\n');
}

const sections = Array.from({ length: 6 }, (_, s) => [
  `## Step ${s + 1}`,
  '',
  `The loader reads its settings from the home folder before step ${s + 1} starts.`,
  '',
  'It checks them against the schema, which rarely fails on a fresh install.',
  '',
  'Then it writes a cache next to them so the next start is quicker than this one was.',
  '',
  '- one item here',
  '- two item there',
  '',
]).flat();

describe('a numbered markdown read', () => {
  it('leaves out marks that list nothing: the line numbers show the gaps', () => {
    const summary = compressProse(numbered(sections), {});
    expect(summary.helped).toBe(true);
    expect(summary.text).not.toMatch(/^\s*\[…\]\s*$/m);
    expect(summary.text).toMatch(/^ +1→## Step 1$/m);
    expect(summary.text).not.toMatch(/\n\s*\n\s*\n/);
  });

  it('keeps the marks of a text without gutters, where nothing else shows a gap', () => {
    const summary = compressProse(sections.join('\n'), {});
    expect(summary.text).toContain('[…]');
  });

  it('drops only bare marks, and never leaves two blank lines in a row', () => {
    expect(withoutBareMarks(['# A', '', '[…]', '', '# B', '  [… parse(), a.ts]'].join('\n'))).toBe(
      ['# A', '', '# B', '  [… parse(), a.ts]'].join('\n'),
    );
  });
});

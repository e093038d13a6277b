import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressProse, proseNeedles } from '../../../../src/core/compress/prose/index.js';

const fixtures = resolve(import.meta.dirname, '../../../fixtures/compress/prose');
const read = (name: string): string => readFileSync(resolve(fixtures, name), 'utf8');

/** Share of the original's needles the summary shows (in its prose, its marks or its kept code). */
function keptShare(original: string, summary: string): number {
  const needles = proseNeedles(original);
  return needles.filter((needle) => summary.includes(needle)).length / needles.length;
}

/** Every kept line of the summary appears in the original, in the same order. */
function expectOrderPreserved(original: string, summary: string): void {
  let cursor = 0;
  for (const line of summary.split('\n')) {
    for (const piece of line.split(/\s*\[…(?: [^\]]*)?\]\s*/)) {
      const text = piece.trim();
      if (text === '' || /^… \d+ more lines$/.test(text)) continue;
      const at = original.indexOf(text, cursor);
      expect(at, text).toBeGreaterThanOrEqual(0);
      cursor = at + text.length;
    }
  }
}

describe('compressProse on an assistant explanation in markdown', () => {
  const text = read('assistant-explanation.md');
  const summary = compressProse(text, {});

  it('shortens it and keeps every number, path and identifier', () => {
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(text.length * 0.8);
    expect(keptShare(text, summary.text)).toBe(1);
    expect(summary.note).toMatch(/^prose: \d+ of \d+ sentences kept$/);
  });

  it('keeps headings, list markers and the table, in order', () => {
    for (const heading of ['## What was wrong', '## What I changed', '## Results', '## Open questions']) {
      expect(summary.text).toContain(`\n${heading}\n`);
    }
    expect(summary.text).toContain('1. **Rounding moved to the period level**');
    expect(summary.text).toContain('   - `normalizeLine()` no longer rounds');
    expect(summary.text).toContain('| unit | 155 passed, 1 failed | 156 passed |');
    expectOrderPreserved(text, summary.text);
  });

  it('cuts the long code block to its first lines and marks what it dropped', () => {
    expect(summary.text).toContain('```ts\nexport function computePeriodTotal(');
    expect(summary.text).toMatch(/\n… \d+ more lines\n```/);
    expect(summary.text).toContain('[…]');
  });

  it('keeps the sentences that mention a kept term', () => {
    const kept = compressProse(text, { keep: ['tidy the numbers'] });
    expect(kept.text).toContain('the commit message only says it was meant to "tidy the numbers"');
  });
});

describe('compressProse on README prose', () => {
  const text = read('readme-prose.md');
  const summary = compressProse(text, {});

  it('keeps the first and last sentence of each paragraph and drops to about half', () => {
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(text.length * 0.6);
    expect(summary.text).toContain('# Garden notes');
    expect(summary.text).toContain('Most teams already have places for this kind of writing.');
    expect(summary.text).toContain(
      'It sits beside them and holds the small, frequent notes that fall between the cracks.',
    );
    expect(summary.text).toContain('Give it a month, and then decide whether it has earned its place.');
    expectOrderPreserved(text, summary.text);
  });

  it('is deterministic', () => {
    expect(compressProse(text, {})).toEqual(summary);
  });
});

describe('compressProse when it cannot help', () => {
  it('returns short text unchanged', () => {
    const text = 'Done. The tests pass.';
    expect(compressProse(text, {})).toEqual({ text, helped: false, note: 'prose: too short' });
  });

  it('returns short paragraphs whose every sentence carries a needle unchanged', () => {
    const text = [
      'I ran `npm test` in /srv/app and all 156 tests passed on the first try.',
      'Next I will update src/ledger/vat.ts as planned. Then I run `npm run e2e` again to be sure.',
      'The only warning left comes from `decimal.js` 10.4.3, which is harmless here.',
    ].join('\n\n');
    expect(compressProse(text, {})).toEqual({ text, helped: false, note: 'prose: no gain' });
  });

  it('drops a repeated paragraph whose needles are already kept', () => {
    const paragraph =
      'I ran `npm test` in /srv/app and all 156 tests passed on the first try. Nothing else changed.';
    const text = [
      paragraph,
      'Then I looked at the logs once more, line by line.',
      paragraph,
      'All good, ready for review.',
    ].join('\n\n');
    const summary = compressProse(text, {});
    expect(summary.text.split('156 tests').length).toBe(2);
  });

  it('leaves its own summary alone', () => {
    const once = compressProse(read('readme-prose.md'), {});
    expect(compressProse(once.text, {})).toEqual({
      text: once.text,
      helped: false,
      note: 'prose: already a summary',
    });
  });
});

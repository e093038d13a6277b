import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldLine, foldPieces, lineShape, MIN_FOLD_RUN } from '../../../src/core/recall/fold.js';
import { formatRecallText } from '../../../src/core/recall/format.js';
import { readInside } from '../../../src/core/recall/inside.js';
import { recall } from '../../../src/core/recall/recall.js';
import { entry, SCOPE, tempStore, type TempStore } from '../store/support.js';
import { buildLog } from '../../support/build-log.js';

const show = (id: string, first: number, last: number) => `gardener show ${id} --lines ${first}-${last}`;

describe('look-alike lines', () => {
  it('look alike when only their numbers, hashes and ids differ', () => {
    expect(lineShape('INFO compiled module12.ts in 57 ms (234 of 400)')).toBe(
      lineShape('INFO compiled module9.ts in 4 ms (1 of 400)'),
    );
    expect(lineShape('commit 3f9a2c1d8e fixed 550e8400-e29b-41d4-a716-446655440000')).toBe(
      lineShape('commit 0b7e44a19c fixed 123e4567-e89b-12d3-a456-426614174000'),
    );
    // Names that differ in letters are what a reader looks for: they never look alike.
    expect(lineShape('tests/test_athena.py::test_list PASSED')).not.toBe(
      lineShape('tests/test_athena.py::test_stop PASSED'),
    );
    expect(lineShape('')).toBe('');
  });

  it("are named by their leading word, past a file read's own line numbers", () => {
    const texts = ['     1    INFO compiled a.ts', '     2    INFO compiled b.ts', '   12\tWARN slow'];
    expect(foldLine(texts, { first: 1, last: 2, folded: true })).toBe('… 2 similar INFO lines (1–2) …');
    expect(foldLine(texts, { first: 3, last: 3, folded: true }, (a, b) => `show ${a}-${b}`)).toBe(
      '… 1 similar WARN lines (3–3): show 3-3',
    );
  });

  it('are folded from MIN_FOLD_RUN on, never a matched line, and a run at the edge is followed out', () => {
    const texts = Array.from({ length: 30 }, (_, i) => `tick ${i} ok`);
    texts[14] = 'the one line that differs';
    const pieces = foldPieces(texts, 12, 18, {
      matched: (n) => n === 15,
      reach: { first: 1, last: 30 },
    });
    expect(pieces).toEqual([
      { first: 1, last: 11, folded: true },
      { first: 12, last: 18, folded: false },
      { first: 19, last: 30, folded: true },
    ]);
    const short = foldPieces(texts, 12, 18, { matched: () => false, reach: { first: 10, last: 20 } });
    // Two lines past the window on either side: fewer than MIN_FOLD_RUN, so nothing is said of them.
    expect(MIN_FOLD_RUN).toBeGreaterThan(2);
    expect(short.every((p) => !p.folded)).toBe(true);
  });
});

describe("the README's build log", () => {
  let t: TempStore;
  let id = '';
  beforeAll(() => {
    t = tempStore();
    id = t.store.ingest(entry({ original: buildLog(), sourceTool: 'Bash', class: 'log' })).id;
  });
  afterAll(() => t.close());

  it('is recalled as its ERROR line in context, the look-alike INFO runs folded with the command that prints them', () => {
    const result = recall(t.store, 'batch 1612 VAT', SCOPE, { touch: false, linesCommand: show });
    const hit = result.hits.find((h) => h.id === id);
    const text = hit?.text ?? '';
    expect(text).toContain('ERROR vat.test.ts: batch 1612 expected 20.00, got 19.00');
    // The lines right around the match are shown as they are.
    expect(text).toMatch(/INFO compiled module\d+\.ts in \d+ ms \(232 of 400\)\nERROR vat\.test\.ts/);
    expect(text).toMatch(/ERROR vat\.test\.ts[^\n]*\nINFO compiled module\d+\.ts in \d+ ms \(234 of 400\)/);
    expect(text).toMatch(
      new RegExp(`… \\d+ similar INFO lines \\((\\d+)–(\\d+)\\): gardener show ${id} --lines \\1-\\2`),
    );
    // No run of look-alike lines is shown at length, and the whole log is not pasted and cut.
    expect(text).not.toMatch(/(?:INFO compiled[^\n]*\n){5}/);
    expect(text).not.toContain('cut to fit');
    expect(formatRecallText(result)).not.toContain('cut to fit');
    // The room the look-alikes left goes to the lines that differ.
    expect(text).toContain('build failed: 1 error, 8 warnings');
    expect(text.split('\n').length).toBeLessThan(60);
  });

  it('is shown folded, not whole, when it is short enough to fit its share', () => {
    const short = buildLog().split('\n').slice(200, 260).join('\n');
    const own = t.store.ingest(entry({ original: short, sourceTool: 'Bash', class: 'log' })).id;
    const hit = recall(t.store, 'batch 1612 VAT', SCOPE, { touch: false }).hits.find((h) => h.id === own);
    expect(hit?.text).toContain('ERROR vat.test.ts: batch 1612');
    expect(hit?.text).toMatch(/… \d+ similar INFO lines/);
    expect(hit?.text.length).toBeLessThan(short.length / 2);
  });

  it('names no command in a fold when the door gave none, and says which lines it holds', () => {
    const hit = recall(t.store, 'batch 1612 VAT', SCOPE, { touch: false }).hits.find((h) => h.id === id);
    expect(hit?.text).toMatch(/… \d+ similar INFO lines \(\d+–\d+\) …/);
    expect(hit?.text).not.toContain('gardener show');
  });

  it('is searched inside with --grep: the match and its context, the runs around it folded', () => {
    const page = readInside(buildLog(), { query: 'batch 1612', command: (a, b) => show(id, a, b) });
    expect(page.matches).toBe(1);
    const lines = page.text.split('\n');
    expect(lines).toContain(
      '233| ERROR vat.test.ts: batch 1612 expected 20.00, got 19.00 (rate 0.19 in src/vat.ts:3)',
    );
    expect(lines.filter((l) => /^\d+\| INFO/.test(l))).toHaveLength(4);
    expect(lines[0]).toBe(`… 30 similar INFO lines (201–230): gardener show ${id} --lines 201-230`);
    expect(lines.at(-1)).toBe(`… 14 similar INFO lines (236–249): gardener show ${id} --lines 236-249`);
    expect(page.first).toBe(201);
    expect(page.last).toBe(249);
  });

  it('is shown as it is when a range is asked for: nothing folded', () => {
    const page = readInside(buildLog(), {
      lines: { first: 201, last: 260 },
      command: (a, b) => show(id, a, b),
    });
    expect(page.text.split('\n')).toHaveLength(60);
    expect(page.text).not.toContain('similar');
  });
});

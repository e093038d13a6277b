import { describe, expect, it } from 'vitest';
import { barSegments } from '../../../../src/doors/kit/tui/bar.js';
import { pressureReport } from '../../../support/pressure.js';

const cells = (segments: ReturnType<typeof barSegments>) => segments.reduce((a, s) => a + s.cells, 0);

describe('barSegments', () => {
  it('fills the share of the width the request takes of the budget, in class order', () => {
    const report = pressureReport();
    const segments = barSegments(report, 50);
    expect(cells(segments)).toBe(Math.round((report.calibrated_tokens / report.budget) * 50));
    expect(segments.map((s) => s.cls)).toEqual([
      'fixed',
      'prompt',
      'error',
      'code',
      'prose',
      'structured',
      'log',
      'other',
      'pending',
    ]);
    expect(segments.find((s) => s.cls === 'log')?.tokens).toBe(2_600);
  });

  it('scales the classes to the calibrated estimate', () => {
    const report = pressureReport({ calibrated: true, calibrated_tokens: 23_800 });
    const segments = barSegments(report, 40);
    expect(segments.reduce((a, s) => a + s.tokens, 0)).toBeCloseTo(23_800);
    expect(cells(segments)).toBe(40);
  });

  it('fills the whole width when over the budget, and nothing when empty', () => {
    expect(cells(barSegments(pressureReport({ budget: 5_000 }), 30))).toBe(30);
    const empty = pressureReport({ by_class: {}, fixed_tokens: 0, calibrated_tokens: 0 });
    expect(barSegments(empty, 30)).toEqual([]);
  });
});

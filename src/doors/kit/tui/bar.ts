import type { PressureReport } from '../../../core/garden/constants.js';
import { BAR_ORDER } from './theme.js';

export interface BarSegment {
  cls: string;
  tokens: number;
  cells: number;
}

/**
 * Splits the request's tokens over `width` cells by class, on a scale where the whole width is the
 * budget (or the request, when it is over). Segments are the fixed prefix plus each class's rendered
 * tokens, scaled so they add up to the calibrated estimate the footer prints beside the bar.
 */
export function barSegments(report: PressureReport, width: number): BarSegment[] {
  const tokens = new Map<string, number>([['fixed', report.fixed_tokens]]);
  for (const [cls, row] of Object.entries(report.by_class))
    tokens.set(cls, (tokens.get(cls) ?? 0) + row.rendered);
  return shareSegments(tokens, report.calibrated_tokens, report.budget, width);
}

/**
 * The bar of any request: `tokens` by class (`fixed` for system and tools), scaled so they add up to
 * `total` (the count printed beside the bar), over `width` cells that stand for the budget, or for
 * the request when it is over. Cells go by largest remainder, so the bar never jitters by more than one cell.
 */
export function shareSegments(
  tokens: ReadonlyMap<string, number>,
  total: number,
  budget: number,
  width: number,
): BarSegment[] {
  const counted = [...tokens.values()].reduce((a, b) => a + b, 0);
  if (counted <= 0) return [];
  const used = Math.min(width, Math.round((total / Math.max(budget, total, 1)) * width));
  const order = [...BAR_ORDER, ...[...tokens.keys()].filter((c) => !BAR_ORDER.includes(c))];
  const segments = order
    .filter((cls) => (tokens.get(cls) ?? 0) > 0)
    .map((cls) => {
      const share = ((tokens.get(cls) ?? 0) * total) / counted;
      const exact = total > 0 ? (share / total) * used : 0;
      return { cls, tokens: share, cells: Math.floor(exact), rest: exact - Math.floor(exact) };
    });
  let missing = used - segments.reduce((a, s) => a + s.cells, 0);
  for (const s of [...segments].sort((a, b) => b.rest - a.rest)) {
    if (missing <= 0) break;
    s.cells++;
    missing--;
  }
  return segments.map(({ cls, tokens, cells }) => ({ cls, tokens, cells }));
}

import type { PressureReport } from '../garden/pressure.js';
import { BAR_ORDER } from './theme.js';

export interface BarSegment {
  cls: string;
  tokens: number;
  cells: number;
}

/**
 * Splits the request's tokens over `width` cells by class, on a scale where the whole width is the
 * budget (or the request, when it is over). Segments are the fixed prefix plus each class's rendered
 * tokens, scaled so they add up to the calibrated estimate the footer prints beside the bar; cells go by largest remainder so the bar
 * never jitters by more than one cell.
 */
export function barSegments(report: PressureReport, width: number): BarSegment[] {
  const raw = new Map<string, number>([['fixed', report.fixed_tokens]]);
  for (const [cls, row] of Object.entries(report.by_class)) raw.set(cls, (raw.get(cls) ?? 0) + row.rendered);
  const rawTotal = [...raw.values()].reduce((a, b) => a + b, 0);
  const scale = rawTotal > 0 ? report.calibrated_tokens / rawTotal : 1;
  const total = rawTotal * scale;
  const used = Math.min(width, Math.round((total / Math.max(report.budget, total, 1)) * width));
  const order = [...BAR_ORDER, ...[...raw.keys()].filter((c) => !BAR_ORDER.includes(c))];
  const segments = order
    .filter((cls) => (raw.get(cls) ?? 0) > 0)
    .map((cls) => {
      const tokens = (raw.get(cls) ?? 0) * scale;
      const exact = total > 0 ? (tokens / total) * used : 0;
      return { cls, tokens, cells: Math.floor(exact), rest: exact - Math.floor(exact) };
    });
  let missing = used - segments.reduce((a, s) => a + s.cells, 0);
  for (const s of [...segments].sort((a, b) => b.rest - a.rest)) {
    if (missing <= 0) break;
    s.cells++;
    missing--;
  }
  return segments.map(({ cls, tokens, cells }) => ({ cls, tokens, cells }));
}

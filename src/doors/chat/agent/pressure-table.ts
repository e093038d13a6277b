import { count, integer } from '../../../core/format/index.js';
import type { PressureReport } from '../../../core/garden/constants.js';
import { BREAKDOWN_ORDER, FORMS } from '../../../core/garden/constants.js';

/** The title line of /pressure: tokens against the budget, and events so far. */
export function pressureTitle(p: PressureReport): string {
  return `context ${Math.round(p.pressure * 100)}% of ${integer(p.budget)} tokens (${integer(p.calibrated_tokens)}${p.calibrated ? ', calibrated' : ' estimated'}) · ${count(p.events, 'event')} · ${p.recommendation}`;
}

/**
 * The full breakdown as table rows (header first): one row per class, then one per form, then the
 * fixed part (system and tools) and the total.
 */
export function pressureRows(p: PressureReport): string[][] {
  const rows: string[][] = [['part', 'blocks', 'original', 'rendered', 'ratio']];
  for (const cls of BREAKDOWN_ORDER) {
    const row = p.by_class[cls];
    if (!row) continue;
    rows.push([cls, integer(row.count), integer(row.orig), integer(row.rendered), row.ratio.toFixed(2)]);
  }
  for (const form of FORMS) {
    const row = p.by_form[form];
    if (row.count > 0) rows.push([`as ${form}`, integer(row.count), '', integer(row.tokens), '']);
  }
  rows.push(['system + tools', '', integer(p.fixed_tokens), integer(p.fixed_tokens), '1.00']);
  const blocks = Object.values(p.by_class).reduce((sum, row) => sum + row.count, 0);
  rows.push([
    'total',
    integer(blocks),
    integer(p.total_original_tokens),
    integer(p.rendered_tokens),
    p.compression_ratio.toFixed(2),
  ]);
  return rows;
}

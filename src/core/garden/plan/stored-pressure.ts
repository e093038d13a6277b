import { compact, count } from '../../format/index.js';
import type { StoreStats } from '../../store/index.js';
import { ratio, type PressureReport } from './pressure.js';

/**
 * The same figures from what the store holds of a session, for a door with no live garden (the
 * plugin's hooks store blocks as they happen; `gardener stats` reads them): no budget, no forms.
 */
export type StoredPressure = Pick<
  PressureReport,
  | 'entries_tracked'
  | 'total_original_tokens'
  | 'total_summary_tokens'
  | 'compression_ratio'
  | 'eviction_candidates'
  | 'recommendation'
> & { by_class: Record<string, Omit<PressureReport['by_class'][string], 'rendered'>> };

/** Builds the stored report; the recommendation names the class whose summaries would save the most. */
export function storedPressure(stats: StoreStats): StoredPressure {
  const byClass: StoredPressure['by_class'] = {};
  let best: { cls: string; count: number; orig: number; sum: number } | undefined;
  for (const [cls, c] of Object.entries(stats.byClass)) {
    if (!c) continue;
    const row = { count: c.count, orig: c.tokensOriginal, sum: c.tokensSummary };
    byClass[cls] = { ...row, ratio: ratio(row.sum, row.orig) };
    if (cls !== 'prompt' && row.orig - row.sum > 0 && (!best || row.orig - row.sum > best.orig - best.sum))
      best = { cls, ...row };
  }
  const recommendation = best
    ? `${count(best.count, `${best.cls} entry`, `${best.cls} entries`)} consuming ${compact(best.orig)} tokens could be compressed to ${compact(best.sum)}`
    : 'nothing to compress: no entry has a summary smaller than its original';
  return {
    entries_tracked: stats.entries,
    total_original_tokens: stats.tokensOriginal,
    total_summary_tokens: stats.tokensSummary,
    compression_ratio: stats.tokensOriginal === 0 ? 0 : ratio(stats.tokensSummary, stats.tokensOriginal),
    by_class: byClass,
    eviction_candidates: stats.evictionCandidates ?? 0,
    recommendation,
  };
}

import type { ContentClass } from '../classify/types.js';
import type { StoreStats } from '../store/types.js';

/** The `context_pressure()` figures of the plan (§1.5), from the store's view of one session. */
export interface ContextPressure {
  entries_tracked: number;
  total_original_tokens: number;
  total_summary_tokens: number;
  /** summary / original tokens (0 when nothing is tracked). */
  compression_ratio: number;
  by_class: Partial<Record<ContentClass, { count: number; orig: number; sum: number; ratio: number }>>;
  eviction_candidates: number;
  recommendation: string;
}

function ratio(summary: number, original: number): number {
  return original === 0 ? 0 : Math.round((summary / original) * 100) / 100;
}

/** 42,000 → "42k", 3,200 → "3.2k", 950 → "950". */
export function shortTokens(n: number): string {
  if (n < 1_000) return String(n);
  const k = n / 1_000;
  return `${k >= 100 ? Math.round(k) : Math.round(k * 10) / 10}k`;
}

/** Builds the report; the recommendation names the class whose summaries would save the most. */
export function contextPressure(stats: StoreStats): ContextPressure {
  const byClass: ContextPressure['by_class'] = {};
  let best: { cls: ContentClass; count: number; orig: number; sum: number } | undefined;
  for (const [cls, c] of Object.entries(stats.byClass) as Array<
    [ContentClass, NonNullable<StoreStats['byClass'][ContentClass]>]
  >) {
    byClass[cls] = {
      count: c.count,
      orig: c.tokensOriginal,
      sum: c.tokensSummary,
      ratio: ratio(c.tokensSummary, c.tokensOriginal),
    };
    const saving = c.tokensOriginal - c.tokensSummary;
    if (cls !== 'prompt' && saving > 0 && (!best || saving > best.orig - best.sum)) {
      best = { cls, count: c.count, orig: c.tokensOriginal, sum: c.tokensSummary };
    }
  }
  const recommendation = best
    ? `${best.count} ${best.cls} ${best.count === 1 ? 'entry' : 'entries'} consuming ${shortTokens(best.orig)} tokens could be compressed to ${shortTokens(best.sum)}`
    : 'nothing to compress: no entry has a summary smaller than its original';
  return {
    entries_tracked: stats.entries,
    total_original_tokens: stats.tokensOriginal,
    total_summary_tokens: stats.tokensSummary,
    compression_ratio: ratio(stats.tokensSummary, stats.tokensOriginal),
    by_class: byClass,
    eviction_candidates: stats.evictionCandidates ?? 0,
    recommendation,
  };
}

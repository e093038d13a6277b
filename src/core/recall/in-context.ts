import type { RecallResult } from '../store/index.js';

/**
 * The first `limit` of the ranked, past the entries the model sees in full: showing those again
 * would spend the budget on what it has, and their place on a hit it has not. They are named
 * instead (those ranked above the last hit taken, `limit` at most) so the model knows where to look.
 */
export function pickTop<T extends { entry?: { id: string } | undefined }>(
  ranked: readonly T[],
  limit: number,
  shown: ((id: string) => boolean) | undefined,
): { top: T[]; inContext: string[] } {
  if (shown === undefined) return { top: ranked.slice(0, limit), inContext: [] };
  const top: T[] = [];
  const inContext: string[] = [];
  for (const r of ranked) {
    if (top.length >= limit) break;
    if (r.entry && shown(r.entry.id)) {
      if (inContext.length < limit) inContext.push(r.entry.id);
    } else top.push(r);
  }
  return { top, inContext };
}

/** The result of a recall: its hits, what it searched, and the entries it left to the context. */
export function recallResult(
  fitted: { items: RecallResult['hits']; truncated: boolean },
  coverage: { count: number; from: number | null; to: number | null },
  inContext: string[],
): RecallResult {
  const result: RecallResult = {
    hits: fitted.items,
    coverage: { entriesScanned: coverage.count },
    truncated: fitted.truncated,
  };
  if (inContext.length > 0) result.inContext = inContext;
  if (coverage.from !== null) result.coverage.from = coverage.from;
  if (coverage.to !== null) result.coverage.to = coverage.to;
  return result;
}

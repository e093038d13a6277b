import type { RecallHit } from '../store/index.js';

/** Why a hit stands below hits that score less: the agent's own text, or a repeat of a hit above. */
export type RankedDownBy = 'own-text' | 'repeat';

/**
 * The hits with each score as their rank has it: recall puts the agent's own text past the first,
 * and repeats of a hit, after the tool output ranked below them (echo.ts, repeats.ts), so a score
 * would read out of order (0.97, 0.53, 0.19, 0.85). A hit ranked down scores no more than the one
 * above it, and says why (`ranked-down:own-text`, `ranked-down:repeat`); its text and place are unchanged.
 */
export function scoresInRankOrder(
  hits: readonly RecallHit[],
  why: (hit: RecallHit) => RankedDownBy,
): RecallHit[] {
  let ceiling = Number.POSITIVE_INFINITY;
  return hits.map((hit) => {
    if (hit.score <= ceiling) {
      ceiling = hit.score;
      return hit;
    }
    return { ...hit, score: ceiling, relevanceSignal: [...hit.relevanceSignal, `ranked-down:${why(hit)}`] };
  });
}

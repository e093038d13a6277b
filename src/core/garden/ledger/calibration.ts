/**
 * Calibration against the provider's own count (docs/DESIGN.md "pressure"): the last reported
 * `usage.input_tokens` is the anchor; what changed since is estimated with our tokenizer and scaled
 * by how far our estimate was off at the anchor.
 */

/** The estimate/real ratio is trusted only within these bounds (a wild anchor is a bad anchor). */
const MIN_RATIO = 0.5;
const MAX_RATIO = 2;

export interface Anchor {
  /** Our estimate of the request the provider counted. */
  estimated: number;
  /** The provider's count of it. */
  actual: number;
}

/** The calibrated size of a request we estimate at `estimated` tokens. */
export function calibrate(estimated: number, anchor: Anchor | undefined): number {
  if (anchor === undefined || anchor.estimated <= 0) return estimated;
  return Math.max(0, Math.round(anchor.actual + (estimated - anchor.estimated) * scale(anchor)));
}

/** Real tokens per estimated token at the anchor. */
export function scale(anchor: Anchor | undefined): number {
  if (anchor === undefined || anchor.estimated <= 0) return 1;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, anchor.actual / anchor.estimated));
}

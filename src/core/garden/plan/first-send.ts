/**
 * A block's form may be chosen freely before it is first sent (DESIGN, "Preserved thinking"): no
 * cache holds it and no thinking block is bound to it yet. Where gardener decides only then (the
 * Claude Code plugin, whose client owns the context afterwards), a large block goes out as its
 * summary when the summary is much smaller; a normal one goes out whole.
 */

/**
 * Originals below this many tokens go out whole: about a screenful, cheaper to carry for the rest of
 * a session at cached-read prices (24 calls × 0.1 × 2,000 = 4.8k input-token units) than one recall
 * round trip of a model that needed what a summary left out.
 */
export const FIRST_SEND_MIN_TOKENS = 2_000;
/** A first-send summary must keep at most this share of the original's tokens to be worth its loss. */
export const FIRST_SEND_MAX_SHARE = 0.5;

/** Whether a block of `original` tokens goes out as its summary of `summary` tokens at its first send. */
export function summaryAtFirstSend(original: number, summary: number): boolean {
  return original >= FIRST_SEND_MIN_TOKENS && summary <= FIRST_SEND_MAX_SHARE * original;
}

import { FIRST_SEND_MAX_SHARE, FIRST_SEND_MIN_TOKENS } from '../session/defaults.js';

/**
 * A block's form may be chosen freely before it is first sent (DESIGN, "Preserved thinking"): no
 * cache holds it and no thinking block is bound to it yet. Where gardener decides only then (the
 * Claude Code plugin, whose client owns the context afterwards), a large block goes out as its
 * summary when the summary is much smaller; a normal one goes out whole.
 */

/** Whether a block of `original` tokens goes out as its summary of `summary` tokens at its first send. */
export function summaryAtFirstSend(original: number, summary: number): boolean {
  return original >= FIRST_SEND_MIN_TOKENS && summary <= FIRST_SEND_MAX_SHARE * original;
}

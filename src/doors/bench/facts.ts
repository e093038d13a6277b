import { LONG_ORIGINAL_TOKENS } from '../../core/garden/constants.js';
import { formatRecallText } from '../../core/recall/index.js';
import { PAGE_CHARS, readInside } from '../../core/recall/index.js';
import type { RecallResult } from '../../core/store/index.js';

/**
 * Fact-level recall (docs/BENCH.md "facts back"): a fact counts as back when the text the model reads
 * holds it, not when the entry holding it is ranked. These are the texts it reads.
 */

/**
 * What the model reads when it follows a stub's first instruction (garden/labels.ts wayBack): the
 * original's first page, or, for an original over LONG_ORIGINAL_TOKENS, the lines of it that hold
 * what the model asks for (`query`, its own later words).
 */
export function stubInstructionText(original: string, tokens: number, query: string): string {
  if (tokens <= LONG_ORIGINAL_TOKENS || query.trim() === '') return original.slice(0, PAGE_CHARS);
  return readInside(original, { query }).text;
}

/** What the model reads from a recall: the formatted output of its first `top` hits. */
export function recallText(result: RecallResult, top: number): string {
  return formatRecallText({ ...result, hits: result.hits.slice(0, top) });
}

export interface FactCounts {
  n: number;
  /** Needles in the text of the stub's first instruction. */
  stub: number;
  /** Needles in the recall output for the later text: first hit, first five. */
  at1: number;
  at5: number;
}

export function emptyFactCounts(): FactCounts {
  return { n: 0, stub: 0, at1: 0, at5: 0 };
}

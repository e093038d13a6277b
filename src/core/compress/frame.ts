/**
 * The frame of a summary: what it costs besides what it keeps of the original. The engine heads
 * every summary with a line saying what it is and how to fetch the original; `compress` adds a
 * names line; compressors write marks for what they left out (`[… 12 lines]`). On a small block
 * that frame can outweigh what it saves, so it gets a budget: a share of the block for the names
 * line, and no summary at all where the framed summary would not be clearly shorter than the
 * original (the block then stays whole, or becomes a one-line stub under pressure).
 */

/**
 * Characters of the header line the engine puts above every summary
 * (`[gardener: structured summary 1,234→567 tok · fetch("a3f2b1c0")]`), as this module budgets it.
 */
export const SUMMARY_HEADER_CHARS = 64;
/** A framed summary (header included) must save at least this share of the original's characters. */
const MIN_FRAMED_SAVING = 0.1;
/** Share of the original's characters the names line may take. */
const NAMES_SHARE = 0.2;
/** A names line may always take this many characters (a block's one or two names). */
export const MIN_NAMES_CHARS = 120;

/** The characters the names line under a summary of `originalLength` characters may take (at most `max`). */
export function namesBudget(originalLength: number, max: number): number {
  return Math.min(max, Math.max(MIN_NAMES_CHARS, Math.floor(originalLength * NAMES_SHARE)));
}

/** Whether a summary of `summaryLength` characters, once headed, pays for its frame against the original. */
export function paysForFrame(originalLength: number, summaryLength: number): boolean {
  return summaryLength + SUMMARY_HEADER_CHARS <= originalLength * (1 - MIN_FRAMED_SAVING);
}

/** A mark for left-out text, alone on its line: `[… 12 lines]`, `[…]`, `… 5 more lines`, `| … 3 more rows |`. */
const MARK_LINE = /^\s*(?:\[…[^\]\n]*\]|\|? ?… \d+ more [\w ]+\|?)\s*$/;

/** Which part of the frame a line of a compressor's output is: the names line, a mark, or none (kept text). */
export function frameKind(line: string): 'names' | 'mark' | undefined {
  if (line.startsWith('[names: ')) return 'names';
  return MARK_LINE.test(line) ? 'mark' : undefined;
}

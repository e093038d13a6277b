import type { ClassifyHints, ContentClass } from '../../classify/index.js';
import type { CompressContext, Summary } from '../../compress/index.js';
import { lineSlices } from '../../format/index.js';
import type { ClassifyFn, CompressFn } from '../session/session.js';

/**
 * A text at least this long (characters; about a million tokens) is past any context window: it
 * only ever goes out as its summary or stub. It is classified from a sample and summarised a slice
 * at a time (a log in one pass over its lines), so gardening it costs time linear in its size and
 * memory bounded by a slice, not the several whole working copies a compressor makes of the text.
 */
export const HUGE_TEXT_CHARS = 4_000_000;
/** Characters of a huge text summarised at a time (whole lines). */
const SLICE_CHARS = 1_000_000;
/** Characters taken from the start, the middle and the end of a huge text to classify it. */
const SAMPLE_CHARS = 64_000;
/** Lines kept from each end of a slice its compressor cannot shorten. */
const EXCERPT_LINES = 5;

export function isHuge(text: string): boolean {
  return text.length >= HUGE_TEXT_CHARS;
}

/** The class of a text: a huge one's from its sample (start, middle and end, whole lines). */
export function classifyText(classify: ClassifyFn, text: string, hints: ClassifyHints): ContentClass {
  return classify(isHuge(text) ? sampleOf(text) : text, hints);
}

/**
 * The compressor's summary of a text: a huge log's in one pass over its lines (the compressor's
 * digest), another huge text's slice by slice (compressHuge).
 */
export function compressText(
  compress: CompressFn,
  cls: ContentClass,
  text: string,
  context: CompressContext,
): Summary {
  if (!isHuge(text)) return compress(cls, text, context);
  if (cls === 'log') return compress(cls, text, { ...context, pastWindow: true });
  return compressHuge(compress, cls, text, context);
}

/**
 * A huge text's summary: each slice of whole lines summarised by the class's compressor (a slice it
 * cannot shorten gives its first and last lines), the slices' summaries joined, then summarised once
 * more as one text when that shortens them.
 */
function compressHuge(
  compress: CompressFn,
  cls: ContentClass,
  text: string,
  context: CompressContext,
): Summary {
  // Runs of slices summarised alike (a log repeating itself) are one summary and their count.
  const parts: Array<{ text: string; slices: number }> = [];
  let slices = 0;
  for (const slice of lineSlices(text, SLICE_CHARS)) {
    slices++;
    const summary = compress(cls, slice, context);
    const part = summary.helped ? summary.text : excerpt(slice);
    const last = parts[parts.length - 1];
    if (last?.text === part) last.slices++;
    else parts.push({ text: part, slices: 1 });
  }
  const joined = parts
    .map((part) =>
      part.slices > 1 ? `${part.text}\n[the same for ${part.slices} slices in a row]` : part.text,
    )
    .join('\n');
  const again = compress(cls, joined, context);
  const summary = again.helped ? again.text : joined;
  const note = `${again.note ?? cls}; summarised in ${slices} slices`;
  return summary.length < text.length ? { text: summary, helped: true, note } : { text, helped: false, note };
}

/** The first and last lines of a slice, and how many lines are left out between them. */
function excerpt(slice: string): string {
  const lines = slice.split('\n');
  if (lines.length <= EXCERPT_LINES * 2 + 1) return slice.length > SAMPLE_CHARS ? clip(slice) : slice;
  const left = lines.length - EXCERPT_LINES * 2;
  return [
    ...lines.slice(0, EXCERPT_LINES).map(clip),
    `… ${left} lines …`,
    ...lines.slice(-EXCERPT_LINES).map(clip),
  ].join('\n');
}

/** A line cut to its first and last few hundred characters. */
function clip(line: string): string {
  const keep = 200;
  return line.length <= keep * 2 ? line : `${line.slice(0, keep)} … ${line.slice(-keep)}`;
}

/** Whole lines from the start, the middle and the end of a text, SAMPLE_CHARS of each. */
function sampleOf(text: string): string {
  const middle = Math.floor((text.length - SAMPLE_CHARS) / 2);
  return [0, middle, text.length - SAMPLE_CHARS].map((at) => wholeLines(text, at)).join('\n');
}

function wholeLines(text: string, at: number): string {
  const piece = text.slice(at, at + SAMPLE_CHARS);
  const start = at === 0 ? 0 : piece.indexOf('\n') + 1;
  const end = at + SAMPLE_CHARS >= text.length ? piece.length : piece.lastIndexOf('\n') + 1;
  return end > start ? piece.slice(start, end) : piece;
}

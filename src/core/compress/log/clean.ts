import { resolveCarriageReturns, stripAnsi } from '../../classify/index.js';

/** A run of bar characters (unicode blocks, box lines, hashes, equals…). */
const BAR_RUN = /[█▇▆▅▄▃▂▁▉▊▋▌▍▎▏━─╸╺■□▪#=]{4,}/;
/** A long run of unicode bar characters: a bar on its own, with or without a percentage. */
const UNICODE_BAR = /[█▇▆▅▄▃▂▁▉▊▋▌▍▎▏━╸╺■]{8,}/;
const PERCENT = /\b\d{1,3}(?:\.\d+)?%/;
/** pytest's dots line: `......F..E.. [ 40%]`. */
const DOTS = /^[.sxXFE]{8,}\s*\[\s*\d{1,3}%\]$/;
/** Spinner-only lines (`⠋ Installing…`). */
const SPINNER_LINE = /^\s*[⠁⠂⠄⡀⢀⠠⠐⠈⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]\s+\S/;
/** Progress lines are short; a long line is content even when it holds a percentage. */
const MAX_PROGRESS_LINE = 200;
/** Words (besides numbers, units and the bar) a progress line may carry: `Downloading numpy`. */
const MAX_PROGRESS_WORDS = 4;

export interface CleanedLog {
  /** Visible lines: no ANSI codes, carriage-return redraws resolved, trailing blanks trimmed. */
  lines: string[];
  /** Progress bar and spinner lines that were dropped. */
  progressDropped: number;
}

/** True for a line that only draws progress (it carries no information once the step finished). */
export function isProgressLine(line: string): boolean {
  if (line.length > MAX_PROGRESS_LINE) return false;
  if (SPINNER_LINE.test(line) || DOTS.test(line.trim())) return true;
  const percent = PERCENT.test(line);
  if (!percent) return UNICODE_BAR.test(line) && wordsBesidesBar(line) <= MAX_PROGRESS_WORDS;
  return (BAR_RUN.test(line) || line.includes('|')) && wordsBesidesBar(line) <= MAX_PROGRESS_WORDS;
}

/** Words of a line that are not numbers, sizes, rates, times or bar characters. */
function wordsBesidesBar(line: string): number {
  let words = 0;
  for (const word of line.split(/[\s|[\]()<>,/]+/)) {
    if (
      word === '' ||
      /^[\d.:%]+(?:[kKMGT]i?B|B|s|it|ms)?(?:\/s)?$/.test(word) ||
      /^[█▇▆▅▄▃▂▁▉▊▋▌▍▎▏━─╸╺■□▪#=>.-]+$/.test(word)
    )
      continue;
    if (/^(?:eta|ETA|it\/s|s\/it)$/.test(word)) continue;
    words++;
  }
  return words;
}

/**
 * Turns raw terminal output into the lines a reader saw: ANSI removed, `\r` redraws resolved,
 * trailing whitespace trimmed, progress lines dropped (and counted), blank runs squeezed.
 */
export function cleanLog(text: string): CleanedLog {
  const lines: string[] = [];
  let progressDropped = 0;
  let blank = false;
  for (const raw of stripAnsi(text).split('\n')) {
    const line = resolveCarriageReturns(raw).trimEnd();
    if (line === '') {
      if (!blank && lines.length > 0) lines.push('');
      blank = true;
      continue;
    }
    if (isProgressLine(line)) {
      progressDropped++;
      continue;
    }
    blank = false;
    lines.push(line);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return { lines, progressDropped };
}

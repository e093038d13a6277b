import { resolveCarriageReturns, stripAnsi } from '../../classify/text.js';

/** A progress bar or spinner line: bars, percentages with counters, tqdm/pip/npm styles. */
const PROGRESS_LINE =
  /^\s*(?:[\w .:/-]{0,60}?)?(?:\d{1,3}(?:\.\d+)?%\s*\|?[█▉▊▋▌▍▎▏ #=>-]*\|?|[[(]?[█▇▆▅▄▃▂▁▉▊▋▌▍▎▏━─╸╺=#>·.-]{8,}[\])]?)(?:\s*[\d.]+\s*[kKMG]?i?B?\/?[\d.]*\s*[kKMG]?i?B?)?(?:\s*(?:[\d.]+\s*[kKMG]?i?B\/s|eta \S+|\[[\d:<,. a-z/?]+\]|\d+\/\d+|[\d.]+s))*\s*$/;
/** Spinner-only lines (`⠋ Installing…`). */
const SPINNER_LINE = /^\s*[⠁⠂⠄⡀⢀⠠⠐⠈⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏|/\\-]\s+\S.*\.\.\.\s*$/;

export interface CleanedLog {
  /** Visible lines: no ANSI codes, carriage-return redraws resolved, trailing blanks trimmed. */
  lines: string[];
  /** Progress bar and spinner lines that were dropped. */
  progressDropped: number;
}

/** True for a line that only draws progress (it carries no information once the step finished). */
export function isProgressLine(line: string): boolean {
  if (line.length > 300) return false;
  return PROGRESS_LINE.test(line) || SPINNER_LINE.test(line);
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

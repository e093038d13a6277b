/**
 * Line-number prefixes that file viewers put before each line: Claude Code's Read (`    12→`),
 * `cat -n` / `nl` / str_replace_editor (`    12<TAB>`), SWE-agent's viewers (`12:` and `  1422: `).
 */

export type NumberStyle = 'arrow' | 'tab' | 'colon' | 'colon-space';

const PATTERNS: Readonly<Record<NumberStyle, RegExp>> = {
  arrow: /^( *\d+→)/,
  tab: /^( *\d+\t)/,
  colon: /^( *\d+:)/,
  'colon-space': /^( *\d+:(?: |$))/,
};
const STYLES: readonly NumberStyle[] = ['arrow', 'tab', 'colon', 'colon-space'];
/** In the padded SWE-agent viewer every line has a space after the colon (none has code right after it). */
const CODE_RIGHT_AFTER_COLON = /^ *\d+:\S/;

/** Share of candidate lines that must carry the prefix for a text to count as numbered. */
const MIN_NUMBERED_SHARE = 0.5;
/** Share of successive numbered lines whose numbers must increase. */
const MIN_INCREASING_SHARE = 0.9;
/** Lines looked at to decide the style (enough to be sure, bounded for huge inputs). */
const SAMPLE_LINES = 400;
/** `12:` also starts grep -n output; without a viewer header, require mostly consecutive numbers. */
const MIN_CONSECUTIVE_SHARE_COLON = 0.8;

/** The number prefix of one line (`"    12→"`), or undefined when the line has none in that style. */
export function numberPrefix(line: string, style: NumberStyle): string | undefined {
  return PATTERNS[style].exec(line)?.[1];
}

/** The line number a prefix carries. */
export function prefixNumber(prefix: string): number {
  return Number.parseInt(prefix.trim(), 10);
}

/**
 * Which numbering style the candidate lines use, if any. `candidates` are the indices of lines
 * that are not framing; `hasViewerHeader` says a SWE-agent `[File: …]` header was seen.
 */
export function detectNumberStyle(
  lines: readonly string[],
  candidates: readonly number[],
  hasViewerHeader: boolean,
): NumberStyle | undefined {
  const nonBlank: number[] = [];
  for (const i of candidates) {
    if ((lines[i] ?? '').trim() !== '') nonBlank.push(i);
    if (nonBlank.length >= SAMPLE_LINES) break;
  }
  if (nonBlank.length < 2) return undefined;
  let best: NumberStyle | undefined;
  let bestCount = 0;
  for (const style of STYLES) {
    const numbers: number[] = [];
    for (const i of nonBlank) {
      const prefix = numberPrefix(lines[i] ?? '', style);
      if (prefix !== undefined) numbers.push(prefixNumber(prefix));
    }
    if (numbers.length < 2 || numbers.length < nonBlank.length * MIN_NUMBERED_SHARE) continue;
    let increasing = 0;
    let consecutive = 0;
    for (let k = 1; k < numbers.length; k++) {
      const prev = numbers[k - 1] ?? 0;
      const cur = numbers[k] ?? 0;
      if (cur > prev) increasing++;
      if (cur === prev + 1) consecutive++;
    }
    const pairs = numbers.length - 1;
    if (increasing < pairs * MIN_INCREASING_SHARE) continue;
    if (style.startsWith('colon') && !hasViewerHeader && consecutive < pairs * MIN_CONSECUTIVE_SHARE_COLON)
      continue;
    if (numbers.length > bestCount) {
      best = style;
      bestCount = numbers.length;
    }
  }
  if (best === 'colon' && !nonBlank.some((i) => CODE_RIGHT_AFTER_COLON.test(lines[i] ?? '')))
    return 'colon-space';
  return best;
}

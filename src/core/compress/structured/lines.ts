import { IMPORTANT_KEYS } from './keys.js';

/** Lines longer than this are cut. */
const LINE_MAX = 240;
/** Characters a cut line keeps. */
const LINE_KEEP = 160;
/** Lines kept from the start and the end. */
const HEAD_LINES = 30;
const TAIL_LINES = 10;
/** Middle lines kept because they hold an important key or a kept term. */
const MIDDLE_MAX = 20;

const IMPORTANT_LINE = new RegExp(
  `["']?\\b(?:${[...IMPORTANT_KEYS].filter((k) => k.length > 3).join('|')})\\b["']?\\s*[:=]`,
  'i',
);

/**
 * Conservative reduction for text that looks structured but does not parse (truncated JSON,
 * INI files, Python reprs): long lines are cut, and past HEAD + TAIL lines only lines with an
 * important key or a kept term stay from the middle.
 */
export function reduceLines(text: string, keep: ReadonlySet<string>): string {
  const lines = text.split('\n').map(cutLine);
  if (lines.length <= HEAD_LINES + TAIL_LINES + MIDDLE_MAX) return lines.join('\n');
  const out = lines.slice(0, HEAD_LINES);
  const middleEnd = lines.length - TAIL_LINES;
  let skipped = 0;
  let kept = 0;
  for (let i = HEAD_LINES; i < middleEnd; i++) {
    const line = lines[i]!;
    if (kept < MIDDLE_MAX && (IMPORTANT_LINE.test(line) || holdsTerm(line, keep))) {
      if (skipped > 0) out.push(`… ${skipped} lines`);
      out.push(line);
      skipped = 0;
      kept++;
    } else skipped++;
  }
  if (skipped > 0) out.push(`… ${skipped} lines`);
  out.push(...lines.slice(middleEnd));
  return out.join('\n');
}

function cutLine(line: string): string {
  return line.length <= LINE_MAX ? line : `${line.slice(0, LINE_KEEP)}…(${line.length} chars)`;
}

function holdsTerm(line: string, keep: ReadonlySet<string>): boolean {
  for (const term of keep) if (term.length > 0 && line.includes(term)) return true;
  return false;
}

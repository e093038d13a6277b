/**
 * Fenced code inside prose (assistant replies, READMEs): short fences stay whole; edit blocks
 * become the lines they change; long code is outlined by the code compressor; shell commands
 * keep their command lines and fold the documents they write; anything else keeps its first lines.
 */
import { compressCode, languageFromPath, normalizeLanguage, type CodeLanguage } from '../code/index.js';
import { hasEditBlocks, summarizeEdits } from './edit-blocks.js';

/** Fences with at most this many lines stay whole. */
export const CODE_KEEP_LINES = 4;
/** Code snippets (a fence in a programming language other than shell) with at most this many lines stay whole. */
const SNIPPET_KEEP_LINES = 3;
/** Lines a folded fence keeps from its start. */
export const CODE_HEAD_LINES = 2;
/** Lines a folded snippet quoted in the agent's reasoning keeps from its start. */
const QUOTED_HEAD_LINES = 1;
/** Code fences longer than this are outlined rather than cut (short snippets read best from their start). */
const OUTLINE_MIN_LINES = 20;
/** Lines of an outline kept at most; the rest are counted. */
const OUTLINE_MAX_LINES = 8;
/** Command lines of a shell fence kept at most. */
const SHELL_KEEP_LINES = 8;

/** Fence lines longer than this are cut in the middle (a `sed -i` one-liner that writes a whole docstring). */
const LONG_LINE_CHARS = 200;
/** Characters a cut line keeps from its start and from its end (the end names the file a command writes). */
const CUT_HEAD_CHARS = 120;
const CUT_TAIL_CHARS = 40;

/** What is known about a fence besides its lines. */
export interface FenceHints {
  /** A file named on the line before the fence (aider writes the path there). */
  path?: string;
  /**
   * The fence is code quoted in the agent's own reasoning (lines it has just read, or a script
   * its command writes to a file it can read again): a short snippet keeps QUOTED_HEAD_LINES.
   */
  quoted?: boolean;
}

const OPEN = /^(\s*)(`{3,}|~{3,})\s*([\w+#.-]*)/;
const CLOSE = /^\s*(`{3,}|~{3,})\s*$/;
const HEREDOC = /<<-?\s*(['"]?)([A-Za-z_]\w*)\1/;
const WRITES_TO = /(?:^|\s)>{1,2}\s*(['"]?)([^\s'"|;&]+)\1/;

/** Reduces one fenced block (its lines, fences included). */
export function reduceFence(lines: readonly string[], hints: FenceHints = {}): string[] {
  const open = OPEN.exec(lines[0] ?? '');
  const closed = lines.length > 1 && CLOSE.test(lines[lines.length - 1]!);
  const body = lines.slice(1, closed ? -1 : undefined);
  const indent = open?.[1] ?? '';
  const language = fenceLanguage(open?.[3] ?? '', hints.path);
  const head = hints.quoted === true ? QUOTED_HEAD_LINES : CODE_HEAD_LINES;
  let reduced: string[];
  if (hasEditBlocks(body)) reduced = summarizeEdits(body, (text) => foldCode(text, language, indent));
  else if (language === 'shell' || language === undefined || language === 'other') {
    if (body.length <= CODE_KEEP_LINES) reduced = body;
    else reduced = language === 'shell' ? reduceShell(body, indent, head) : headFold(body, indent);
  } else if (body.length <= SNIPPET_KEEP_LINES) reduced = body;
  else reduced = foldCode(body, language, indent, head);
  const out = [lines[0]!, ...reduced.map(cutLongLine), ...(closed ? [lines[lines.length - 1]!] : [])];
  return out.join('\n').length < lines.join('\n').length ? out : [...lines];
}

/** A line over LONG_LINE_CHARS keeps its start and its end around a count of what was cut. */
export function cutLongLine(line: string): string {
  if (line.length <= LONG_LINE_CHARS) return line;
  const cut = line.length - CUT_HEAD_CHARS - CUT_TAIL_CHARS;
  return `${line.slice(0, CUT_HEAD_CHARS)}[… ${cut} chars]${line.slice(-CUT_TAIL_CHARS)}`;
}

function fenceLanguage(info: string, path: string | undefined): CodeLanguage | undefined {
  const named = info === '' ? undefined : normalizeLanguage(info);
  if (named !== undefined) return named;
  if (/^(?:console|shell-session|terminal)$/i.test(info)) return 'shell';
  return path === undefined ? undefined : languageFromPath(path);
}

/** The first `head` lines and a count of the rest (short bodies stay whole). */
export function headFold(body: readonly string[], indent = '', head = CODE_HEAD_LINES): string[] {
  if (body.length <= head + 1) return [...body];
  return [...body.slice(0, head), `${indent}… ${body.length - head} more lines`];
}

/** Long code outlined by the code compressor (capped), shorter code cut to its first `head` lines. */
function foldCode(
  body: readonly string[],
  language: CodeLanguage | undefined,
  indent: string,
  head = CODE_HEAD_LINES,
): string[] {
  if (body.length < OUTLINE_MIN_LINES || language === undefined) return headFold(body, indent, head);
  const outline = compressCode(body.join('\n'), { language });
  if (!outline.helped) return headFold(body, indent, head);
  const lines = outline.text
    .split('\n')
    .filter((line, i, all) => line.trim() !== '' || all[i - 1]?.trim() !== '');
  if (lines.length <= OUTLINE_MAX_LINES) return lines;
  return [
    ...lines.slice(0, OUTLINE_MAX_LINES),
    `${indent}… ${lines.length - OUTLINE_MAX_LINES} more outline lines`,
  ];
}

/**
 * Shell commands stay (up to SHELL_KEEP_LINES); the here-documents they write are folded like
 * code of the file they write (`cat <<'EOF' > fix.py`), the terminator kept.
 */
function reduceShell(body: readonly string[], indent: string, head: number): string[] {
  const out: string[] = [];
  let commands = 0;
  let i = 0;
  while (i < body.length) {
    const line = body[i]!;
    const heredoc = HEREDOC.exec(line);
    if (commands >= SHELL_KEEP_LINES) {
      out.push(`${indent}… ${body.length - i} more lines`);
      break;
    }
    out.push(line);
    commands++;
    i++;
    if (!heredoc) continue;
    const end = body.findIndex((l, j) => j >= i && l.trim() === heredoc[2]);
    const stop = end < 0 ? body.length : end;
    const target =
      WRITES_TO.exec(line.slice(heredoc.index + heredoc[0].length))?.[2] ?? WRITES_TO.exec(line)?.[2];
    const language = target === undefined ? undefined : languageFromPath(target);
    out.push(...foldCode(body.slice(i, stop), language, indent, head));
    i = stop;
  }
  return out;
}

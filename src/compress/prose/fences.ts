/**
 * Fenced code inside prose (assistant replies, READMEs): short fences stay whole; edit blocks
 * become the lines they change; long code is outlined by the code compressor; shell commands
 * keep their command lines and fold the documents they write; anything else keeps its first lines.
 */
import { compressCode, languageFromPath, normalizeLanguage, type CodeLanguage } from '../code/index.js';
import { hasEditBlocks, summarizeEdits } from './edit-blocks.js';

/** Fences with at most this many lines stay whole. */
export const CODE_KEEP_LINES = 8;
/** Code snippets (a fence in a programming language other than shell) with at most this many lines stay whole. */
const SNIPPET_KEEP_LINES = 5;
/** Lines a folded fence keeps from its start. */
export const CODE_HEAD_LINES = 3;
/** Code fences longer than this are outlined rather than cut (short snippets read best from their start). */
const OUTLINE_MIN_LINES = 20;
/** Lines of an outline kept at most; the rest are counted. */
const OUTLINE_MAX_LINES = 16;
/** Command lines of a shell fence kept at most. */
const SHELL_KEEP_LINES = 8;

/** What is known about a fence besides its lines. */
export interface FenceHints {
  /** A file named on the line before the fence (aider writes the path there). */
  path?: string;
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
  let reduced: string[];
  if (hasEditBlocks(body)) reduced = summarizeEdits(body, (text) => foldCode(text, language, indent));
  else if (language === 'shell' || language === undefined || language === 'other') {
    if (body.length <= CODE_KEEP_LINES) return [...lines];
    reduced = language === 'shell' ? reduceShell(body, indent) : headFold(body, indent);
  } else if (body.length <= SNIPPET_KEEP_LINES) return [...lines];
  else reduced = foldCode(body, language, indent);
  const out = [lines[0]!, ...reduced, ...(closed ? [lines[lines.length - 1]!] : [])];
  return out.join('\n').length < lines.join('\n').length ? out : [...lines];
}

function fenceLanguage(info: string, path: string | undefined): CodeLanguage | undefined {
  const named = info === '' ? undefined : normalizeLanguage(info);
  if (named !== undefined) return named;
  if (/^(?:console|shell-session|terminal)$/i.test(info)) return 'shell';
  return path === undefined ? undefined : languageFromPath(path);
}

/** The first lines and a count of the rest (short bodies stay whole). */
export function headFold(body: readonly string[], indent = ''): string[] {
  if (body.length <= CODE_HEAD_LINES + 1) return [...body];
  return [...body.slice(0, CODE_HEAD_LINES), `${indent}… ${body.length - CODE_HEAD_LINES} more lines`];
}

/** Long code outlined by the code compressor (capped), shorter code cut to its first lines. */
function foldCode(body: readonly string[], language: CodeLanguage | undefined, indent: string): string[] {
  if (body.length < OUTLINE_MIN_LINES || language === undefined) return headFold(body, indent);
  const outline = compressCode(body.join('\n'), { language });
  if (!outline.helped) return headFold(body, indent);
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
function reduceShell(body: readonly string[], indent: string): string[] {
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
    out.push(...foldCode(body.slice(i, stop), language, indent));
    i = stop;
  }
  return out;
}

import { CHAIN_LINE, FRAME_LINE, PYTHON_EXCEPTION_LINE, traceStartLanguage } from '../classify/index.js';

/** A part of a tool output that has its own compressor. */
export interface Segment {
  kind: 'log' | 'trace' | 'json';
  lines: string[];
}

/** JSON shorter than this stays part of the log around it. */
const MIN_JSON_CHARS = 200;
/** JSON spanning more lines than this is not looked for (bounded scan). */
const MAX_JSON_LINES = 20_000;
/** Frames a trace needs (besides its start line) to be cut out of a log. */
const MIN_TRACE_FRAMES = 1;

const PYTHON_START = /^\s*Traceback \(most recent call last\):\s*$/;
const ANY_FRAME = new RegExp(FRAME_LINE.map(([, pattern]) => `(?:${pattern.source})`).join('|'));
const PYTHON_SOURCE = /^\s{4,}\S/;
const CARET = /^\s+[~^]+\s*$/;
const JSON_START = /^\s*(?:\{\s*$|\[\s*$|\{"|\[\{|\[")/;
const GO_FUNCTION = /^(?:created by )?[\w.\-/*()[\]{}]+(?:\(.*\))?(?: in goroutine \d+)?$/;
const GO_LOCATION = /^\t\S+\.go:\d+/;

/**
 * Splits a tool output into log, stack-trace and JSON segments, in order. Traces are recognised
 * by their start line and frames (Python, Node, Java, Go, Rust), chained traces stay one segment;
 * JSON by a balanced bracket block that parses. Everything else is log.
 */
export function splitSegments(lines: readonly string[]): Segment[] {
  const segments: Segment[] = [];
  const push = (kind: Segment['kind'], chunk: string[]): void => {
    if (chunk.length === 0) return;
    const last = segments[segments.length - 1];
    if (last?.kind === kind && kind === 'log') last.lines.push(...chunk);
    else segments.push({ kind, lines: chunk });
  };
  let i = 0;
  while (i < lines.length) {
    const trace = traceEnd(lines, i);
    if (trace > i) {
      push('trace', lines.slice(i, trace));
      i = trace;
      continue;
    }
    const json = jsonEnd(lines, i);
    if (json > i) {
      push('json', lines.slice(i, json));
      i = json;
      continue;
    }
    push('log', [lines[i] ?? '']);
    i++;
  }
  return segments;
}

/** End (exclusive) of a trace starting at `start`, or `start` when none starts there. */
function traceEnd(lines: readonly string[], start: number): number {
  const first = lines[start] ?? '';
  const language = PYTHON_START.test(first) ? 'python' : traceStartLanguage(first);
  if (language === undefined) return start;
  let i = start + 1;
  let frames = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (
      ANY_FRAME.test(line) ||
      (language === 'go' && GO_FUNCTION.test(line) && GO_LOCATION.test(lines[i + 1] ?? ''))
    ) {
      frames++;
      i += language === 'go' && !ANY_FRAME.test(line) ? 2 : 1;
      continue;
    }
    if (frames > 0 && isBodyLine(line, language, lines[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (language === 'python' && frames > 0 && PYTHON_EXCEPTION_LINE.test(line)) {
      i = messageEnd(lines, i + 1);
      const next = chainedTrace(lines, i);
      if (next < 0) break;
      i = next + 1;
      continue;
    }
    if (
      frames === 0 &&
      i <= start + 3 &&
      language !== 'python' &&
      language !== 'java' &&
      language !== 'node'
    ) {
      i++; // Rust and Go print the message and notes before the frames.
      continue;
    }
    break;
  }
  return frames >= MIN_TRACE_FRAMES ? i : start;
}

/** Lines inside a trace that are not frames: Python source and carets, chain lines, goroutine headers… */
function isBodyLine(line: string, language: string, next: string): boolean {
  if (
    CHAIN_LINE.test(line) ||
    /^Caused by: /.test(line) ||
    /^\s+\.\.\. \d+ (?:more|common frames omitted)$/.test(line)
  )
    return true;
  switch (language) {
    case 'python':
      return (
        PYTHON_SOURCE.test(line) ||
        CARET.test(line) ||
        /^\s+\[Previous line repeated \d+ more times?\]$/.test(line)
      );
    case 'go':
      return (
        /^goroutine \d+ \[/.test(line) ||
        /^created by /.test(line) ||
        (line.trim() === '' && /^goroutine \d+ \[/.test(next))
      );
    case 'rust':
      return /^(?:stack backtrace:|note: )/.test(line) || /^\s+at \S+:\d+/.test(line);
    case 'node':
      return /^\s+\[cause\]: |^\s*\}$|^\s+\w+: .+,?$/.test(line);
    default:
      return false;
  }
}

/** Index of the next `Traceback` line when a chain marker follows at `from` (blank lines allowed), else -1. */
function chainedTrace(lines: readonly string[], from: number): number {
  let j = from;
  while ((lines[j] ?? 'x').trim() === '' && j < lines.length) j++;
  if (!CHAIN_LINE.test(lines[j] ?? '')) return -1;
  j++;
  while ((lines[j] ?? 'x').trim() === '' && j < lines.length) j++;
  return PYTHON_START.test(lines[j] ?? '') ? j : -1;
}

/** Lines after a Python exception line that continue its message (indented, up to a blank line). */
function messageEnd(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || !/^\s/.test(line) || ANY_FRAME.test(line)) break;
    i++;
  }
  return i;
}

/** End (exclusive) of a JSON block starting at `start`, or `start` when none starts there. */
function jsonEnd(lines: readonly string[], start: number): number {
  if (!JSON_START.test(lines[start] ?? '')) return start;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let chars = 0;
  const limit = Math.min(lines.length, start + MAX_JSON_LINES);
  for (let i = start; i < limit; i++) {
    const line = lines[i] ?? '';
    chars += line.length + 1;
    for (const ch of line) {
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') inString = true;
      else if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') depth--;
    }
    if (depth <= 0) {
      if (chars < MIN_JSON_CHARS) return start;
      try {
        JSON.parse(lines.slice(start, i + 1).join('\n'));
        return i + 1;
      } catch {
        return start;
      }
    }
  }
  return start;
}

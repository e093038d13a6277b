import { isLibraryLine } from './library.js';

/** One stack frame: its first line and the lines that belong to it (source, caret, `at path`). */
export interface Frame {
  kind: 'frame';
  lines: string[];
  library: boolean;
}

/** A line that is not part of a frame: exception and message lines, chain markers, output. */
export interface TextLine {
  kind: 'text';
  line: string;
}

export type TraceItem = Frame | TextLine;

const PYTHON_FRAME = /^(\s*)File "[^"]+", line \d+/;
const AT_FRAME = /^\s+at \S/;
const RUST_FRAME = /^\s+\d+: \S/;
const RUST_AT = /^\s+at \S+:\d+/;
const GO_FUNCTION = /^(?:created by )?[\w.\-/*()[\]{}]+(?:\(.*\))?(?: in goroutine \d+)?$/;
const GO_LOCATION = /^\t\S+\.go:\d+/;
const PYTHON_CARET = /^\s+[~^]+\s*$/;

/** Splits trace text into frames and other lines. Frames of Python, Node, Java, Go and Rust are recognised. */
export function parseTrace(lines: readonly string[]): TraceItem[] {
  const items: TraceItem[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const python = PYTHON_FRAME.exec(line);
    if (python) {
      const indent = python[1]?.length ?? 0;
      const frame = [line];
      while (i + 1 < lines.length && isPythonContinuation(lines[i + 1] ?? '', indent))
        frame.push(lines[++i] ?? '');
      items.push(toFrame(frame));
      continue;
    }
    if (AT_FRAME.test(line)) {
      items.push(toFrame([line]));
      continue;
    }
    if (RUST_FRAME.test(line)) {
      const frame = [line];
      while (i + 1 < lines.length && RUST_AT.test(lines[i + 1] ?? '')) frame.push(lines[++i] ?? '');
      items.push(toFrame(frame));
      continue;
    }
    if (GO_FUNCTION.test(line) && GO_LOCATION.test(lines[i + 1] ?? '')) {
      items.push(toFrame([line, lines[++i] ?? '']));
      continue;
    }
    items.push({ kind: 'text', line });
  }
  return items;
}

/** A source or caret line under a Python `File` line (indented deeper, not itself a frame). */
function isPythonContinuation(line: string, indent: number): boolean {
  if (line.trim() === '' || PYTHON_FRAME.test(line)) return false;
  const own = /^\s*/.exec(line)?.[0].length ?? 0;
  return own > indent || PYTHON_CARET.test(line);
}

function toFrame(lines: string[]): Frame {
  return { kind: 'frame', lines, library: lines.some((line) => isLibraryLine(line)) };
}

/** Short names of the libraries a run of frames passes through (`django`, `node:internal`, `java.util`). */
export function libraryNames(frames: readonly Frame[]): string[] {
  const names: string[] = [];
  for (const frame of frames) {
    const name = libraryName(frame.lines.join('\n'));
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

function libraryName(text: string): string | undefined {
  const patterns: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
    [/(?:site|dist)-packages\/([\w.-]+)/, (m) => (m[1] ?? '').replace(/\.py$/, '')],
    [/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)/, (m) => m[1] ?? ''],
    [/<frozen ([\w.]+)>/, (m) => m[1] ?? ''],
    [/\/lib\/python\d(?:\.\d+)?\/([\w]+)/, (m) => m[1] ?? ''],
    [/\b(node:internal|node:[\w]+)/, (m) => m[1] ?? ''],
    [/\bat (?:[\w$]+\/)?((?:[a-z]\w*\.){1,2})/, (m) => (m[1] ?? '').replace(/\.$/, '')],
    [/\d+: (?:0x[0-9a-f]+ - )?<?(\w+)::/, (m) => m[1] ?? ''],
    [/\/go\/src\/([\w]+)\//, (m) => m[1] ?? ''],
    [/go\/pkg\/mod\/([\w.-]+\/[\w.-]+)/, (m) => m[1] ?? ''],
    [/\.cargo\/registry\/src\/[^/]+\/([\w-]+)/, (m) => m[1] ?? ''],
  ];
  for (const [pattern, name] of patterns) {
    const match = pattern.exec(text);
    if (match) return name(match);
  }
  return undefined;
}

import { clipLine, resolveCarriageReturns, stripAnsi } from '../../classify/index.js';
import { isSummaryText, unchanged } from '../guard.js';
import { collapseRuns, summariseLines } from '../log/generic.js';
import type { CompressContext, Summary } from '../types.js';
import { libraryNames, parseTrace, type Frame, type TraceItem } from './frames.js';

/** Errors shorter than this are left whole: they are short and they matter. */
export const MIN_ERROR_CHARS = 300;
/** Project frames kept per run at most; a deeper run keeps its first and last frames. */
const MAX_PROJECT_FRAMES = 40;
/** Of a run over the cap, the frames kept from its start (the rest come from its end, nearest the error). */
const PROJECT_HEAD = 10;
/** Runs of non-frame lines longer than this get the generic log reduction. */
const MAX_TEXT_RUN = 24;
/** Lines kept from such a run. */
const TEXT_RUN_BUDGET = 16;
/** In shorter runs, this many identical consecutive lines show once with a count. */
const MIN_COLLAPSED_RUN = 3;
/** Lines are clipped to this many characters (an exception line keeps its head, where type and message are). */
const MAX_ERROR_LINE = 400;
/** Library names listed in a fold marker. */
const MAX_LIBRARY_NAMES = 4;
/** Project frames nearest the error that keep their source line (the raise and its caller). */
const SOURCE_TAIL = 1;
/** Frames repeated from a trace above are replaced by a marker from this many on. */
const MIN_SEEN_RUN = 2;

const CARET = /^\s+[~^]+\s*$/;
const PYTHON_FRAME = /^\s*File "[^"]+", line \d+/;

/**
 * Error compressor. Keeps every exception type and message and the whole causal chain
 * (`Caused by`, `During handling of the above exception…`, `The above exception was the
 * direct cause…`, `[cause]:`), keeps project frames with their source line, and folds runs of
 * library, framework and runtime frames (site-packages, node_modules, node:internal,
 * `<frozen …>`, the standard library, java.*, std::…) into `[… N library frames: names]`.
 * Python, Node/TypeScript, Java, Go and Rust traces are recognised.
 */
export function compressError(text: string, _context: CompressContext = {}): Summary {
  if (isSummaryText(text)) return unchanged(text, 'already a summary');
  if (text.length < MIN_ERROR_CHARS) return unchanged(text, 'error too short to compress');
  const lines = squeezeBlanks(
    stripAnsi(text)
      .split('\n')
      .map((line) => resolveCarriageReturns(line).trimEnd()),
  );
  const items = parseTrace(lines);
  const frames = items.filter((item): item is Frame => item.kind === 'frame');
  const folded = frames.filter((frame) => frame.library).length;
  const out = render(items);
  const summary = out.join('\n');
  if (summary.length >= text.length) return unchanged(text, 'nothing to fold');
  return {
    text: summary,
    helped: true,
    note: `error: ${frames.length - folded} project frames kept, ${folded} library frames folded`,
  };
}

function render(items: readonly TraceItem[]): string[] {
  const out: string[] = [];
  /** First lines of the project frames already shown (a chained trace repeats its cause's frames). */
  const shown = new Set<string>();
  let i = 0;
  while (i < items.length) {
    const item = items[i];
    if (item === undefined) break;
    if (item.kind === 'text') {
      let end = i;
      while (items[end]?.kind === 'text') end++;
      const run = items.slice(i, end).map((entry) => (entry.kind === 'text' ? entry.line : ''));
      for (const line of renderText(run)) out.push(line);
      i = end;
      continue;
    }
    let end = i;
    while (items[end]?.kind === 'frame') end++;
    const run = items.slice(i, end).filter((entry): entry is Frame => entry.kind === 'frame');
    for (const line of renderFrames(run, items[end]?.kind === 'text', shown)) out.push(line);
    i = end;
  }
  return out;
}

/**
 * A run of frames: library stretches folded, repeats collapsed, project frames kept (capped).
 * Python source lines stay under the first project frame and the ones nearest the error; the
 * frames between keep their `File "…", line N, in f` line only. Frames a chained trace repeats
 * from a trace above become one `[… N frames as above]` line.
 */
function renderFrames(run: readonly Frame[], beforeMessage: boolean, shown: Set<string>): string[] {
  const out: string[] = [];
  const projectIndexes = run.flatMap((frame, k) => (frame.library ? [] : [k]));
  const lastProject = projectIndexes[projectIndexes.length - 1] ?? -1;
  const withSource = new Set([projectIndexes[0] ?? -1, ...projectIndexes.slice(-SOURCE_TAIL)]);
  let projectCount = 0;
  const projectTotal = projectIndexes.length;
  let skippedProject = 0;
  let j = 0;
  while (j < run.length) {
    const frame = run[j];
    if (frame === undefined) break;
    if (frame.library) {
      let end = j;
      while (run[end]?.library === true) end++;
      out.push(foldMarker(run.slice(j, end), indentOf(frame)));
      j = end;
      continue;
    }
    const seen = seenBefore(run, j, shown);
    if (seen > 0) {
      out.push(`${indentOf(frame)}[… ${seen} frame${seen === 1 ? '' : 's'} as above]`);
      projectCount += run.slice(j, j + seen).filter((entry) => !entry.library).length;
      j += seen;
      continue;
    }
    let repeat = j + 1;
    while (run[repeat] !== undefined && run[repeat]?.lines.join('\n') === frame.lines.join('\n')) repeat++;
    const index = projectCount++;
    const keep =
      projectTotal <= MAX_PROJECT_FRAMES ||
      index < PROJECT_HEAD ||
      index >= projectTotal - (MAX_PROJECT_FRAMES - PROJECT_HEAD);
    if (!keep) skippedProject++;
    else {
      if (skippedProject > 0) out.push(`${indentOf(frame)}[… ${skippedProject} project frames]`);
      skippedProject = 0;
      const withCaret = beforeMessage && j === lastProject;
      const bare = PYTHON_FRAME.test(frame.lines[0] ?? '') && !withSource.has(j);
      const lines = frame.lines.filter((line, k) => k === 0 || (!bare && (withCaret || !CARET.test(line))));
      for (const line of lines) out.push(clipLine(line, MAX_ERROR_LINE));
      shown.add(frame.lines[0] ?? '');
      if (repeat - j > 1) out.push(`${indentOf(frame)}[previous frame repeated ×${repeat - j - 1}]`);
    }
    j = repeat;
  }
  return out;
}

/** Frames from `start` on (project and library alike) whose project frames were all shown above; 0 when none. */
function seenBefore(run: readonly Frame[], start: number, shown: ReadonlySet<string>): number {
  let end = start;
  while (run[end] !== undefined && (run[end]?.library === true || shown.has(run[end]?.lines[0] ?? ''))) end++;
  while (end > start && run[end - 1]?.library === true) end--;
  return end - start >= MIN_SEEN_RUN ? end - start : 0;
}

function foldMarker(frames: readonly Frame[], indent: string): string {
  const names = libraryNames(frames);
  const shown = names.slice(0, MAX_LIBRARY_NAMES).join(', ');
  const more = names.length > MAX_LIBRARY_NAMES ? `, +${names.length - MAX_LIBRARY_NAMES}` : '';
  const noun = frames.length === 1 ? 'frame' : 'frames';
  return `${indent}[… ${frames.length} library ${noun}${shown === '' ? '' : `: ${shown}${more}`}]`;
}

function renderText(run: readonly string[]): string[] {
  if (run.length <= MAX_TEXT_RUN) return collapseRuns(run, MIN_COLLAPSED_RUN, MAX_ERROR_LINE);
  return summariseLines(run, new Set(), TEXT_RUN_BUDGET).out;
}

function indentOf(frame: Frame): string {
  return /^\s*/.exec(frame.lines[0] ?? '')?.[0] ?? '';
}

function squeezeBlanks(lines: string[]): string[] {
  return lines.filter((line, i) => line !== '' || (i > 0 && lines[i - 1] !== ''));
}

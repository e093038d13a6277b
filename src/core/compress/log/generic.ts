import { lineShape } from '../../classify/index.js';
import { clipLine } from '../../classify/index.js';
import { gapMarker, refsOf } from './refs.js';
import { countSeverities, severityOf, type Severity } from './severity.js';

/** Lines kept from the start of a log (what ran, with which settings), at most. */
const HEAD_LINES = 2;
/** Lines beyond the first (or the last) are kept at an edge only while the edge stays this short (characters). */
const EDGE_CHARS = 100;
/** Lines kept from the end of a log (the final state), at most. */
const TAIL_LINES = 2;
/** Lines kept around each error line. */
const ERROR_CONTEXT = 1;
/** Kept lines at least, whatever the log's length. */
const MIN_KEPT = 10;
/** Kept lines grow with the log at this share of its entries. */
const KEPT_SHARE = 0.02;
/** Kept lines at most, however long the log. */
const MAX_KEPT = 80;
/** Kept error and warning lines are clipped to this many characters. */
const MAX_LINE = 200;
/** Kept plain lines (head, tail, context) are clipped shorter: they only situate the rest. */
const MAX_INFO_LINE = 140;
/** Lines longer than this are compared by their first characters only. */
const SHAPE_PREFIX = 200;

/** The line an agent put where it cut the middle of a tool's output. */
const AGENT_CUT = /^\[… \d+ characters elided …\]$/;

/** Consecutive lines of one shape, shown once with a count. */
export interface Entry {
  first: string;
  /** Every line of the run (for the refs of what is hidden). */
  lines: string[];
  severity: Severity;
  /** Entries of the same shape elsewhere in the log (errors and warnings only). */
  repeats: number;
}

/** Which edges of the lines are kept for their own sake: the first and last lines, or the last one. */
export type Edges = 'both' | 'tail';

export interface LinesSummary {
  out: string[];
  errors: number;
  warnings: number;
}

/**
 * The generic log reduction: runs of same-shaped lines collapse to one line with `[×N]`, the
 * first and last lines stay, every error line stays with a line of context, warnings stay,
 * error and warning lines of one shape repeated across the log show once with their count,
 * and everything else becomes `[… N lines: refs]` markers. `present` holds the refs already
 * shown elsewhere in the summary and is updated. With `edges: 'tail'` only the last line is
 * kept for its own sake (lines left over around a test report or linter findings).
 */
export function summariseLines(
  lines: readonly string[],
  present: Set<string>,
  budget?: number,
  options: { edges?: Edges } = {},
): LinesSummary {
  const entries = toEntries(lines);
  const { errors, warnings } = countSeverities(lines);
  const keep = select(entries, budget ?? keptBudget(entries.length), options.edges ?? 'both');
  entries.forEach((entry, i) => {
    if (keep[i] === true) for (const ref of refsOf([entry.first])) present.add(ref);
  });
  return { out: render(entries, keep, present), errors, warnings };
}

/** How many entries a log of this many entries may keep. */
export function keptBudget(entries: number): number {
  return Math.min(MAX_KEPT, Math.max(MIN_KEPT, Math.ceil(entries * KEPT_SHARE)));
}

/**
 * Every line kept, but runs of at least `minRun` identical consecutive lines shown once with
 * `[×N]`. Nothing is lost but the repetition: for short text where nothing should be dropped.
 */
export function collapseRuns(lines: readonly string[], minRun: number, maxLine: number): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    let end = i + 1;
    while (end < lines.length && lines[end] === line) end++;
    const count = end - i;
    if (count >= minRun && line !== '') out.push(`${clipLine(line, maxLine)} [×${count}]`);
    else for (let k = i; k < end; k++) out.push(clipLine(line, maxLine));
    i = end;
  }
  return out;
}

/** Groups consecutive lines of the same shape. */
export function toEntries(lines: readonly string[]): Entry[] {
  const entries: Entry[] = [];
  let shape = '\u0000';
  for (const line of lines) {
    const next =
      line === '' ? '' : lineShape(line.length > SHAPE_PREFIX ? line.slice(0, SHAPE_PREFIX) : line);
    const last = entries[entries.length - 1];
    if (last !== undefined && next === shape) {
      last.lines.push(line);
      continue;
    }
    shape = next;
    entries.push({
      first: line,
      lines: [line],
      severity: line === '' ? 'info' : severityOf(line),
      repeats: 0,
    });
  }
  return entries;
}

function select(entries: Entry[], budget: number, edges: Edges): boolean[] {
  const keep = entries.map(() => false);
  const order: number[] = [];
  const nonBlank = entries.map((entry, i) => (entry.first === '' ? -1 : i)).filter((i) => i >= 0);
  // Where an agent cut the output is kept first: the reader must know the middle is missing.
  order.push(...nonBlank.filter((i) => AGENT_CUT.test(entries[i]?.first ?? '')));
  if (edges === 'both')
    order.push(
      ...edge(entries, nonBlank.slice(0, HEAD_LINES)),
      ...edge(entries, nonBlank.slice(-TAIL_LINES).reverse()),
    );
  else order.push(...nonBlank.slice(-1));

  const byShape = new Map<string, number>();
  const important: number[] = [];
  for (const severity of ['error', 'warning'] as const) {
    for (const i of nonBlank) {
      const entry = entries[i];
      if (entry?.severity !== severity) continue;
      const shape = lineShape(entry.first.slice(0, SHAPE_PREFIX));
      const firstOfShape = byShape.get(shape);
      if (firstOfShape !== undefined) {
        const owner = entries[firstOfShape];
        if (owner) owner.repeats += entry.lines.length;
        continue;
      }
      byShape.set(shape, i);
      important.push(i);
    }
  }
  // Error and warning lines first, then the context around errors, as far as the budget goes.
  for (const i of important) order.push(i);
  for (const i of important) {
    if (entries[i]?.severity !== 'error') continue;
    for (let d = 1; d <= ERROR_CONTEXT; d++) {
      for (const j of [i - d, i + d]) if (entries[j] !== undefined && entries[j]?.first !== '') order.push(j);
    }
  }
  let kept = 0;
  for (const i of order) {
    if (keep[i] === true) continue;
    if (kept >= budget) break;
    keep[i] = true;
    kept++;
  }
  return keep;
}

/**
 * The entries of an edge, outermost first: the first (or last) one, and the next ones inwards
 * while the edge stays short (a bare label or prompt says little without its neighbour).
 */
function edge(entries: readonly Entry[], outermostFirst: readonly number[]): number[] {
  const out: number[] = [];
  let chars = 0;
  for (const i of outermostFirst) {
    chars += entries[i]?.first.length ?? 0;
    if (out.length > 0 && chars > EDGE_CHARS) break;
    out.push(i);
  }
  return out;
}

function render(entries: readonly Entry[], keep: readonly boolean[], present: Set<string>): string[] {
  const out: string[] = [];
  let hidden: string[] = [];
  const flush = (): void => {
    if (hidden.length === 0) return;
    out.push(gapMarker(hidden.length, hidden, present));
    hidden = [];
  };
  entries.forEach((entry, i) => {
    if (keep[i] !== true) {
      for (const line of entry.lines) hidden.push(line);
      return;
    }
    flush();
    const count = entry.lines.length + entry.repeats;
    const suffix = count > 1 ? ` [×${count}]` : '';
    out.push(clipKeepingRefs(entry.first, entry.severity === 'info' ? MAX_INFO_LINE : MAX_LINE) + suffix);
    for (let k = 1; k < entry.lines.length; k++) hidden.push(entry.lines[k] ?? '');
    // A run's other lines are represented by the count, but their refs still matter.
    if (hidden.length > 0) {
      const refsOnly = gapRefs(hidden, present);
      if (refsOnly !== '') out[out.length - 1] += refsOnly;
      hidden = [];
    }
  });
  flush();
  return out;
}

/** A line clipped to `max` characters; refs the clipped middle held are listed after it. */
function clipKeepingRefs(line: string, max: number): string {
  const clipped = clipLine(line, max);
  if (clipped === line) return clipped;
  const kept = new Set(refsOf([clipped]));
  const lost = refsOf([line]).filter((ref) => !kept.has(ref) && !clipped.includes(ref));
  return lost.length === 0 ? clipped : `${clipped} (refs: ${lost.join(', ')})`;
}

/** Refs of a collapsed run's other lines, as a ` (also: …)` suffix, or '' when none are new. */
function gapRefs(lines: readonly string[], present: Set<string>): string {
  const marker = gapMarker(lines.length, lines, present);
  const colon = marker.indexOf(': ');
  return colon < 0 ? '' : ` (also: ${marker.slice(colon + 2, -1)})`;
}

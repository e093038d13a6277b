import { clipLine, lineShape, resolveCarriageReturns, stripAnsi } from '../../classify/index.js';
import type { Summary } from '../types.js';
import { isProgressLine } from './clean.js';
import { logHeader, plural, span, timestampOf } from './header.js';
import { severityOf, type Severity } from './severity.js';

/** Lines kept from the start and from the end of the log. */
const EDGE_LINES = 2;
/** Error lines kept as they are (with their line number), at most; and warning lines. */
const MAX_KEPT = { error: 30, warning: 10 } as const;
/** Shapes listed with their counts, the most frequent first. */
const MAX_SHAPES_SHOWN = 10;
/** Shapes counted at most; lines of shapes first seen after that are counted together. */
const MAX_TRACKED_SHAPES = 2_000;
/** Characters of a line looked at: its severity, shape and the text kept of it. */
const LINE_PREFIX = 2_000;
/** Characters of a line its shape is made from. */
const SHAPE_PREFIX = 200;
/** Kept lines are clipped to this many characters. */
const MAX_LINE = 200;

interface ShapeTally {
  example: string;
  count: number;
  kept: number;
}

interface KeptLine {
  at: number;
  text: string;
  tally: ShapeTally | undefined;
}

/**
 * A log's summary made in one pass over its lines, in memory bounded by a few thousand shapes
 * whatever the log's length: one header for the whole log, its first and last lines, its error and
 * warning lines with their line numbers (as many as fit), and every line folded into its shape with
 * a count. For logs past any context window.
 */
export function digestLog(text: string): Summary {
  const digest = newDigest();
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    // Only a line's first characters are looked at: a huge line is not copied whole.
    if (end > start || newline !== -1) addLine(digest, text.slice(start, Math.min(end, start + LINE_PREFIX)));
    start = end + 1;
  }
  return {
    text: render(digest),
    helped: true,
    note: `log: ${plural(digest.errors, 'error')}, ${plural(digest.warnings, 'warning')}; digested`,
  };
}

function newDigest() {
  return {
    lines: 0,
    errors: 0,
    warnings: 0,
    head: [] as string[],
    tail: [] as string[],
    kept: { error: [] as KeptLine[], warning: [] as KeptLine[] },
    shapes: new Map<string, ShapeTally>(),
    untracked: 0,
    firstStamp: undefined as string | undefined,
    lastStamp: undefined as string | undefined,
  };
}

type Digest = ReturnType<typeof newDigest>;

/** Counts one line (its first LINE_PREFIX characters): severity, shape, edges, kept lines. */
function addLine(digest: Digest, raw: string): void {
  let line = raw;
  if (line.includes('\u001b')) line = stripAnsi(line);
  if (line.includes('\r')) line = resolveCarriageReturns(line);
  line = line.trimEnd();
  if (line !== '' && isProgressLine(line)) return;
  digest.lines++;
  if (line === '') return;
  const stamp = timestampOf(line);
  if (stamp !== undefined) {
    digest.firstStamp ??= stamp;
    digest.lastStamp = stamp;
  }
  const shown = clipLine(line, MAX_LINE);
  if (digest.head.length < EDGE_LINES) digest.head.push(shown);
  else {
    digest.tail.push(shown);
    if (digest.tail.length > EDGE_LINES) digest.tail.shift();
  }
  const severity = severityOf(line);
  if (severity === 'error') digest.errors++;
  else if (severity === 'warning') digest.warnings++;
  const tally = tallyOf(digest, lineShape(line.slice(0, SHAPE_PREFIX)), shown);
  if (severity !== 'info') keep(digest, severity, tally, shown);
}

function tallyOf(digest: Digest, shape: string, shown: string): ShapeTally | undefined {
  let tally = digest.shapes.get(shape);
  if (tally === undefined) {
    if (digest.shapes.size >= MAX_TRACKED_SHAPES) {
      digest.untracked++;
      return undefined;
    }
    tally = { example: shown, count: 0, kept: 0 };
    digest.shapes.set(shape, tally);
  }
  tally.count++;
  return tally;
}

/**
 * Keeps an error or warning line while there is room; when there is none, a line of a shape not kept
 * yet takes the place of the latest line of the shape kept most: every shape gets an example before
 * one shape gets many.
 */
function keep(
  digest: Digest,
  severity: Exclude<Severity, 'info'>,
  tally: ShapeTally | undefined,
  shown: string,
): void {
  const kept = digest.kept[severity];
  if (kept.length >= MAX_KEPT[severity]) {
    if (tally === undefined || tally.kept > 0) return;
    const victim = latestOfCommonest(kept);
    if (victim === undefined) return;
    const [dropped] = kept.splice(victim, 1);
    if (dropped?.tally !== undefined) dropped.tally.kept--;
  }
  if (tally !== undefined) tally.kept++;
  kept.push({ at: digest.lines, text: shown, tally });
}

/** The index of the latest kept line of the shape with the most kept lines (two at least). */
function latestOfCommonest(kept: readonly KeptLine[]): number | undefined {
  let victim: number | undefined;
  let most = 2;
  kept.forEach((line, i) => {
    const count = line.tally?.kept ?? 0;
    if (count >= most) {
      most = count;
      victim = i;
    }
  });
  return victim;
}

function render(digest: Digest): string {
  const { firstStamp, lastStamp } = digest;
  const out = [
    logHeader(digest.lines, digest, firstStamp && lastStamp ? span(firstStamp, lastStamp) : undefined),
    ...digest.head,
  ];
  const shapes = [...digest.shapes.values()].sort((a, b) => b.count - a.count);
  out.push(`[… lines by shape, the most frequent first:]`);
  for (const tally of shapes.slice(0, MAX_SHAPES_SHOWN))
    out.push(tally.count > 1 ? `${tally.example} [×${tally.count}]` : tally.example);
  const rest = shapes.slice(MAX_SHAPES_SHOWN);
  const restLines = rest.reduce((n, tally) => n + tally.count, digest.untracked);
  if (restLines > 0) out.push(`[… ${plural(restLines, 'line')} of other shapes]`);
  const kept = [...digest.kept.error, ...digest.kept.warning].sort((a, b) => a.at - b.at);
  const left = digest.errors + digest.warnings - kept.length;
  if (kept.length > 0) out.push(`[errors and warnings, by line number:]`);
  for (const line of kept) out.push(`[line ${line.at}] ${line.text}`);
  if (left > 0) out.push(`[… ${plural(left, 'more error or warning line', 'more error and warning lines')}]`);
  return [...out, ...digest.tail].join('\n');
}

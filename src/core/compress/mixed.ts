import { detectTestRunner } from '../classify/index.js';
import { sample, stripAnsi } from '../classify/index.js';
import { unchanged } from './guard.js';
import { isDiff } from './log/diff.js';
// registry.ts lists this compressor; both sides touch the other only at call time.
import { ownCompressor } from './registry.js';
import { splitSegments, type Segment } from './segments.js';
import type { CompressibleClass, CompressContext, Summary } from './types.js';

/** Log text shorter than this around a trace or JSON part does not make the output mixed. */
const MIN_LOG_PART = 200;
/** A trace or JSON part this large makes a log worth splitting. */
const SPLIT_MIN_CHARS = 400;
/** Or a share of the text this large. */
const SPLIT_MIN_SHARE = 0.15;

/** The class whose compressor each kind of segment gets. */
const SEGMENT_CLASS: Readonly<Record<Segment['kind'], CompressibleClass>> = {
  log: 'log',
  trace: 'error',
  json: 'structured',
};

/**
 * True when a log or error holds parts of another kind (an embedded stack trace, a JSON
 * document) big enough that each part deserves its own compressor. Test-runner output and
 * diffs are never split: their own reduction already handles the tracebacks they contain.
 */
export function isMixed(text: string): boolean {
  const lines = stripAnsi(text).split('\n');
  if (detectTestRunner(sample(text)) !== undefined || isDiff(lines)) return false;
  const segments = splitSegments(lines).filter(
    (segment) => segment.kind !== 'log' || size(segment) >= MIN_LOG_PART,
  );
  const kinds = new Set(segments.map((segment) => segment.kind));
  if (kinds.size < 2) return false;
  const special = segments
    .filter((segment) => segment.kind !== 'log')
    .reduce((n, segment) => n + size(segment), 0);
  return special >= SPLIT_MIN_CHARS || special / Math.max(1, text.length) >= SPLIT_MIN_SHARE;
}

/**
 * Compresses a tool output made of log, stack-trace and JSON segments: each segment with its
 * own compressor (log, error, structured), joined in order. Falls back to the original when the
 * parts do not add up to anything shorter.
 */
export function compressMixed(text: string, context: CompressContext = {}): Summary {
  const segments = splitSegments(stripAnsi(text).split('\n'));
  if (segments.length < 2) return unchanged(text, 'nothing to split');
  const parts: string[] = [];
  const seen = new Set<string>();
  let helped = 0;
  for (const segment of segments) {
    const body = segment.lines.join('\n');
    if (segment.kind !== 'log' && seen.has(body)) {
      // The same trace or document printed again (a retried command, a crash logged twice).
      parts.push(`[… ${segment.lines.length} lines: the same ${segment.kind} as above]`);
      helped++;
      continue;
    }
    seen.add(body);
    const summary = compressSegment(segment.kind, body, context);
    if (summary.helped) helped++;
    parts.push(summary.text);
  }
  const joined = parts.join('\n');
  if (helped === 0 || joined.length >= text.length) return unchanged(text, 'no segment could be shortened');
  const counts = countKinds(segments);
  return { text: joined, helped: true, note: `mixed: ${counts}` };
}

function compressSegment(kind: Segment['kind'], body: string, context: CompressContext): Summary {
  // A JSON segment has no path of its own; the structured compressor picks its format by one.
  const segmentContext = kind === 'json' ? { ...context, path: 'segment.json' } : context;
  return ownCompressor(SEGMENT_CLASS[kind])(body, segmentContext);
}

function size(segment: Segment): number {
  return segment.lines.reduce((n, line) => n + line.length + 1, 0);
}

function countKinds(segments: readonly Segment[]): string {
  const counts = new Map<string, number>();
  for (const segment of segments) counts.set(segment.kind, (counts.get(segment.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
}

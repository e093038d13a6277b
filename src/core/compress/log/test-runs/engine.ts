import type { TestRunner } from '../../../classify/index.js';
import { emptyFailures, failureFor } from './failures.js';
import { addDetail, type TestFailure, type TestReport } from './report.js';

/** A line pattern with the capture group holding a test id, and how to tell an error from a failure. */
export interface IdPattern {
  pattern: RegExp;
  /** Capture group of the test id (default 1). */
  id?: number;
  /** Capture group of a one-line reason. */
  reason?: number;
  /** Capture group whose text `ERROR` (any case) makes the failure an error. */
  kind?: number;
}

/** How one test runner prints: the engine turns this into a TestReport. */
export interface RunnerSpec {
  runner: TestRunner;
  /** Lines that open a failure's detail block. */
  block: readonly IdPattern[];
  /** One-line failure mentions outside blocks. */
  failed: readonly IdPattern[];
  /** Lines that are totals; group 1 (or the whole trimmed line) is kept. */
  totals: readonly RegExp[];
  /** Lines kept as printed under the totals (failing suites, failing packages). */
  notes?: readonly RegExp[];
  /** Lines counted into the totals: `[pattern, label]` gives `N label`. */
  counters?: ReadonlyArray<readonly [RegExp, string]>;
  /** Lines that end the current block (they are then handled as outside lines). */
  blockEnd: readonly RegExp[];
  /** Outside lines that carry nothing once counted (passing tests, runner chatter). */
  noise: readonly RegExp[];
  /**
   * A line that starts a test whose output comes before its verdict (`go test -v`): lines after it
   * become the detail of the failure that opens next, or are dropped when the test passes.
   */
  runStart?: RegExp;
  /** Block lines kept as the failure's message. */
  message: RegExp;
  /** Block lines kept as locations. */
  location?: RegExp;
}

const ELIDED = /^\[… \d+ characters elided …\]$/;
/** Lines are matched on their first characters: runner lines are short, and this bounds the work. */
const PROBE = 500;

/** Reads a runner's output with its spec. */
export function parseWithSpec(spec: RunnerSpec, lines: readonly string[]): TestReport {
  const report: TestReport = {
    runner: spec.runner,
    totals: [],
    notes: [],
    failures: [],
    warnings: [],
    residual: [],
  };
  const failures = emptyFailures();
  const counts = new Map<string, number>();
  let block: TestFailure | undefined;
  let pending: string[] | undefined;
  for (const full of lines) {
    const line = full.length > PROBE ? full.slice(0, PROBE) : full;
    if (ELIDED.test(line)) {
      report.residual.push(line);
      continue;
    }
    const opened = matchId(spec.block, line);
    if (opened !== undefined) {
      block = failureFor(failures, opened.id, opened.kind, opened.reason);
      for (const earlier of pending ?? [])
        addDetail(block, earlier, spec.message.test(earlier) ? 'message' : 'drop');
      pending = undefined;
      continue;
    }
    if (spec.runStart?.test(line) === true) {
      pending = [];
      block = undefined;
      continue;
    }
    const total = spec.totals.map((pattern) => pattern.exec(line)).find((match) => match !== null);
    if (total) {
      report.totals.push((total[1] ?? total[0]).trim().replace(/\s{2,}/g, ' '));
      block = undefined;
      continue;
    }
    for (const [pattern, label] of spec.counters ?? [])
      if (pattern.test(line)) counts.set(label, (counts.get(label) ?? 0) + 1);
    if (spec.blockEnd.some((pattern) => pattern.test(line))) {
      block = undefined;
      pending = undefined;
    }
    if (pending !== undefined && line.trim() !== '') {
      pending.push(full);
      continue;
    }
    if (block !== undefined) {
      const role = spec.message.test(line)
        ? 'message'
        : spec.location?.test(line) === true
          ? 'location'
          : 'drop';
      if (line.trim() !== '') addDetail(block, line, role);
      continue;
    }
    const failed = matchId(spec.failed, line);
    if (failed !== undefined) {
      failureFor(failures, failed.id, failed.kind, failed.reason);
      continue;
    }
    if (spec.notes?.some((pattern) => pattern.test(line)) === true) report.notes.push(line);
    else if (!spec.noise.some((pattern) => pattern.test(line)) && line.trim() !== '')
      report.residual.push(line);
  }
  if (report.totals.length === 0 && counts.size > 0)
    report.totals.push([...counts].map(([label, n]) => `${n} ${label}`).join(', '));
  report.failures = failures.list;
  return report;
}

function matchId(
  patterns: readonly IdPattern[],
  line: string,
): { id: string; kind: TestFailure['kind']; reason?: string } | undefined {
  for (const { pattern, id = 1, reason, kind } of patterns) {
    const match = pattern.exec(line);
    const found = match?.[id]?.trim();
    if (match === null || found === undefined || found === '') continue;
    const isError = kind !== undefined && /^error$/i.test(match[kind] ?? '');
    const text = reason === undefined ? undefined : match[reason]?.trim();
    return text === undefined
      ? { id: found, kind: isError ? 'error' : 'failed' }
      : { id: found, kind: isError ? 'error' : 'failed', reason: text };
  }
  return undefined;
}

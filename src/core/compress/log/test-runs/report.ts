import type { TestRunner } from '../../../classify/index.js';
import { lineShape } from '../../../classify/index.js';
import { clipLine } from '../../../classify/index.js';
import { isLibraryLine } from '../../error/library.js';
import { gapMarker, refsOf } from '../refs.js';

/** Message lines kept per failure (assertion, expected/received, diff). */
const MAX_MESSAGE_LINES = 6;
/** Of those, the last lines kept (the rest come from the start). */
const MESSAGE_TAIL = 2;
/** `path:line` location lines kept per failure (the ones nearest the failure). */
const MAX_LOCATION_LINES = 2;
/** Detail lines are clipped to this many characters. */
const DETAIL_LINE_MAX = 200;
/** A failure's one-line reason is clipped to this many characters. */
const REASON_MAX = 160;

/** One failing (or erroring) test. */
export interface TestFailure {
  /** The test's id as the runner prints it (`tests/a.py::TestX::test_y[1]`, `TestAdd`, `suite › name`). */
  id: string;
  kind: 'failed' | 'error';
  /** The runner's one-line reason, when it prints one. */
  reason?: string;
  /** Assertion, expected/received and diff lines. */
  message: string[];
  /** `path:line` lines pointing at the failure. */
  locations: string[];
  /** Lines of the failure's block that are not kept (their refs are listed). */
  dropped: string[];
}

/** What a test run amounts to. */
export interface TestReport {
  runner: TestRunner;
  /** Totals as the runner prints them (`3 failed, 120 passed in 2.1s`). */
  totals: string[];
  /** Runner lines shown as printed under the totals (failing suites or packages). */
  notes: string[];
  failures: TestFailure[];
  /** Warning lines worth showing (distinct, bounded). */
  warnings: string[];
  /** Warning lines not shown (repeats, beyond the bound): counted, their refs listed. */
  warningsHidden?: string[];
  /** Lines the report does not account for; they get the generic log reduction. */
  residual: string[];
}

/** A new failure record. */
export function newFailure(id: string, kind: TestFailure['kind'], reason?: string): TestFailure {
  const failure: TestFailure = { id, kind, message: [], locations: [], dropped: [] };
  if (reason !== undefined && reason !== '') failure.reason = reason;
  return failure;
}

/** Adds a detail line to a failure: message or location, the rest dropped (bounded lists). */
export function addDetail(failure: TestFailure, line: string, role: 'message' | 'location' | 'drop'): void {
  if (role === 'drop') failure.dropped.push(line);
  else failure[role === 'message' ? 'message' : 'locations'].push(line);
}

/** Renders a report: the totals header, then failures grouped when their details are the same. */
export function renderReport(report: TestReport, present: Set<string>): string[] {
  const header = report.totals.length > 0 ? report.totals.join(' · ') : `${report.failures.length} failing`;
  const out = [
    `[${runnerLabel(report.runner)}: ${header}]`,
    ...report.notes.map((line) => clipLine(line.trim(), DETAIL_LINE_MAX)),
  ];
  for (const group of groupFailures(report.failures)) {
    const first = group[0];
    if (first === undefined) continue;
    const label = first.kind === 'error' ? 'ERROR' : 'FAILED';
    const { message, locations, hidden } = boundedDetail(first);
    const shown = message.map((line) => `  ${clipLine(line.trimEnd(), DETAIL_LINE_MAX)}`);
    const reason =
      first.reason === undefined || repeatsMessage(first.reason, shown)
        ? ''
        : ` - ${clipLine(first.reason, REASON_MAX)}`;
    if (group.length === 1) out.push(`${label} ${first.id}${reason}`);
    else
      out.push(
        `${label} ×${group.length}${reason}`,
        ...groupIds(group.map((failure) => failure.id)).map((line) => `  ${line}`),
      );
    out.push(...shown);
    out.push(...locations.map((line) => `  ${clipLine(line.trim(), DETAIL_LINE_MAX)}`));
    for (const ref of refsOf([...message, ...locations, first.reason ?? ''])) present.add(ref);
    const dropped = [...hidden];
    for (const failure of group) {
      if (failure !== first)
        for (const line of [...failure.message, ...failure.locations]) dropped.push(line);
      for (const line of failure.dropped) dropped.push(line);
    }
    if (dropped.length > 0) out.push(gapMarker(dropped.length, dropped, present, '  '));
  }
  if (report.warnings.length > 0)
    out.push('warnings:', ...report.warnings.map((line) => `  ${clipLine(line.trim(), DETAIL_LINE_MAX)}`));
  const hidden = report.warningsHidden ?? [];
  if (hidden.length > 0 && report.warnings.length > 0) {
    for (const ref of refsOf(report.warnings)) present.add(ref);
    const marker = gapMarker(hidden.length, hidden, present, '  ');
    // Only worth a line when it names something: the count alone is in the totals.
    if (marker.includes(': ')) out.push(marker);
  }
  return out;
}

/** True when a one-line reason only repeats (the start of) a message line shown under it. */
function repeatsMessage(reason: string, shown: readonly string[]): boolean {
  const core = reason.replace(/\.\.\.$/, '').trim();
  return core.length > 0 && shown.some((line) => line.includes(core));
}

function runnerLabel(runner: TestRunner): string {
  switch (runner) {
    case 'go':
      return 'go test';
    case 'cargo':
      return 'cargo test';
    case 'pytest':
    case 'jest':
    case 'vitest':
    case 'mocha':
    case 'unittest':
    case 'tox':
      return runner;
  }
}

/**
 * The detail kept for a failure: its first and last message lines, and the locations nearest
 * the failure (project code first). `hidden` holds what is left out.
 */
function boundedDetail(failure: TestFailure): { message: string[]; locations: string[]; hidden: string[] } {
  const lines = [...new Set(failure.message)];
  const head = MAX_MESSAGE_LINES - MESSAGE_TAIL;
  const cut = lines.length > MAX_MESSAGE_LINES;
  const message = cut ? [...lines.slice(0, head), ...lines.slice(-MESSAGE_TAIL)] : lines;
  const hidden = cut ? lines.slice(head, -MESSAGE_TAIL) : [];
  const unique = [...new Set(failure.locations)];
  const project = unique.filter((line) => !isLibraryLine(line));
  // Library locations only when there is no project one, and then only the nearest.
  const locations = project.length > 0 ? project.slice(-MAX_LOCATION_LINES) : unique.slice(-1);
  for (const line of unique) if (!locations.includes(line)) hidden.push(line);
  return { message, locations, hidden };
}

/**
 * Failures in order, those with the same kind, reason and detail together. Messages compare by
 * shape (numbers and quoted values blanked): `images not close (RMS 66.4)` and `(RMS 8.9)` are
 * one problem; the first is shown, the others' lines are counted in the group's marker.
 */
function groupFailures(failures: readonly TestFailure[]): TestFailure[][] {
  const groups = new Map<string, TestFailure[]>();
  for (const failure of failures) {
    // Failures with the same message are one problem, whatever the call path that led there;
    // without a message, the locations tell problems apart.
    // The one-line reason is the runner's truncation of the message: it decides only without one.
    const detail =
      failure.message.length > 0
        ? failure.message.map(lineShape)
        : [lineShape(failure.reason ?? ''), ...failure.locations];
    const key = [failure.kind, ...detail].join('\n');
    const group = groups.get(key);
    if (group) group.push(failure);
    else groups.set(key, [failure]);
  }
  return [...groups.values()];
}

/** Test ids sharing a prefix (`file::Class::`) on one line: `tests/a.py::TestX:: test_a, test_b[1]`. */
export function groupIds(ids: readonly string[]): string[] {
  const byPrefix = new Map<string, string[]>();
  for (const id of ids) {
    const cut = id.lastIndexOf('::');
    const prefix = cut < 0 ? '' : id.slice(0, cut + 2);
    const name = cut < 0 ? id : id.slice(cut + 2);
    const names = byPrefix.get(prefix) ?? [];
    names.push(name);
    byPrefix.set(prefix, names);
  }
  return [...byPrefix].map(([prefix, names]) =>
    prefix === '' ? names.join(', ') : `${prefix} ${names.join(', ')}`,
  );
}

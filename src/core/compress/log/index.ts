import { detectTestRunner } from '../../classify/index.js';
import { sample } from '../../classify/index.js';
import { isSummaryText, unchanged } from '../guard.js';
import type { CompressContext, Summary } from '../types.js';
import { cleanLog } from './clean.js';
import { isDiff, summariseDiff } from './diff.js';
import { collapseRuns, summariseLines } from './generic.js';
import { logHeader, plural, span, timestampOf } from './header.js';
import { groupFindings, isLintOutput } from './lint.js';
import { refsOf } from './refs.js';
import { countSeverities } from './severity.js';
import { parseTestReport } from './test-runs/index.js';
import { renderReport } from './test-runs/report.js';

/** Logs shorter than this are left as they are: a summary would save next to nothing. */
export const MIN_LOG_CHARS = 400;
/** Test-runner output this long is reduced all the same: its banner lines are most of it. */
const MIN_TEST_LOG_CHARS = 200;
/** In a short log, this many identical consecutive lines show once with a count. */
const MIN_COLLAPSED_RUN = 3;
/** Lines of a short log are not clipped below this length (it is short already). */
const SHORT_LINE_MAX = 400;
/** Lines kept from what a test report does not account for (install output, prints…). */
const RESIDUAL_BUDGET = 2;
/** Leftover lines keep their errors, warnings and last line: the report or findings head the summary. */
const LEFTOVER = { edges: 'tail' } as const;

/**
 * Log compressor. Diffs become their files, counts and first changed lines; test runs (pytest,
 * jest, vitest, mocha, go test, cargo test, unittest, tox) become totals plus every failing
 * test with its assertion, diff and location; other logs keep their first and last lines,
 * every error and warning (one per shape, with a count), and collapse the rest into
 * `[… N lines: refs]` markers. ANSI codes and progress bars are removed. The summary starts
 * with `[log: N lines, M errors, K warnings]` (zero counts left out; a test run's header gives
 * the line count only, its totals follow). Test output is reduced from 200 characters on,
 * other logs from 400.
 */
export function compressLog(text: string, _context: CompressContext = {}): Summary {
  if (isSummaryText(text)) return unchanged(text, 'already a summary');
  if (text.length < MIN_TEST_LOG_CHARS) return unchanged(text, 'log too short to compress');
  const { lines } = cleanLog(text);
  const short = text.length < MIN_LOG_CHARS;
  if (!short && isDiff(lines)) return finish(text, summariseDiff(lines), 'diff');

  const present = new Set<string>();
  const runner = detectTestRunner(sample(lines.join('\n')));
  if (runner !== undefined) {
    const report = parseTestReport(runner, lines);
    if (report.totals.length > 0 || report.failures.length > 0) {
      const rendered = renderReport(report, present);
      const rest =
        report.residual.length > 0
          ? summariseLines(report.residual, present, RESIDUAL_BUDGET, LEFTOVER).out
          : [];
      const note = `${runner}: ${report.failures.length} failing${report.totals[0] === undefined ? '' : `; ${report.totals[0]}`}`;
      // The runner's totals count failures and errors; counting `E   …` lines again would only mislead.
      return finish(text, [header(lines), ...rendered, ...rest], note);
    }
  }
  if (short) {
    // Too short for a summary, but a run of repeated lines still shows once with its count.
    if (isDiff(lines)) return unchanged(text, 'log too short to compress');
    const collapsed = collapseRuns(lines, MIN_COLLAPSED_RUN, SHORT_LINE_MAX);
    if (collapsed.length === lines.length) return unchanged(text, 'log too short to compress');
    return finish(text, collapsed, 'log: repeated lines collapsed');
  }
  if (isLintOutput(lines)) {
    const { groups, other } = groupFindings(lines);
    for (const ref of refsOf(groups)) present.add(ref);
    const rest = other.length > 0 ? summariseLines(other, present, RESIDUAL_BUDGET, LEFTOVER).out : [];
    const stats = countSeverities(lines);
    return finish(text, [header(lines, stats), ...groups, ...rest], `findings: ${groups.length} kinds`);
  }
  const summary = summariseLines(lines, present);
  return finish(
    text,
    [header(lines, summary), ...summary.out],
    `log: ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}`,
  );
}

function finish(original: string, out: readonly string[], note: string): Summary {
  const text = out.join('\n');
  if (text.length >= original.length) return unchanged(original, 'summary would not be shorter');
  return { text, helped: true, note };
}

/**
 * `[log: 412 lines, 3 errors, 1 warning, 10:00:01..10:05:33]` (a zero count says there were
 * none). Without counts (a test run, whose runner's totals follow) only the lines and time span.
 */
export function header(lines: readonly string[], counts?: { errors: number; warnings: number }): string {
  return logHeader(lines.length, counts, timespan(lines));
}

function timespan(lines: readonly string[]): string | undefined {
  const first = lines.map(timestampOf).find((stamp) => stamp !== undefined);
  if (first === undefined) return undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    const stamp = timestampOf(lines[i] ?? '');
    if (stamp !== undefined) return span(first, stamp);
  }
  return first;
}

import { emptyFailures, failureFor } from './failures.js';
import { addDetail, type TestFailure, type TestReport } from './report.js';
import { SUITE_TITLE } from './specs.js';

/** Lines are matched on their first characters: this bounds the regex work on huge lines. */
const PROBE = 500;
const TOTAL = /^\s+(\d+ (?:passing(?: \(.+\))?|failing|pending))$/;
const NUMBERED = /^\s+(\d+)\) (.+?)\s*$/;
const PASSED = /^\s+[✓✔√]\s/;
const MESSAGE = /Error\b|expected|actual|^\s+[-+]\S/;
const LOCATION = /^\s+at .*\(?(?!node:|internal\/)[^()\s]+:\d+:\d+\)?$/;

/**
 * Mocha prints each failing test twice: numbered in the spec list (`1) title`), then again in
 * the failure details after `N failing`, where the number is followed by the suite and title
 * lines and the error. The number links the two.
 */
export function parseMocha(lines: readonly string[]): TestReport {
  const report: TestReport = {
    runner: 'mocha',
    totals: [],
    notes: [],
    failures: [],
    warnings: [],
    residual: [],
  };
  const failures = emptyFailures();
  const byNumber = new Map<string, TestFailure>();
  let details = false;
  let block: TestFailure | undefined;
  let inTitle = false;
  for (const full of lines) {
    const line = full.length > PROBE ? full.slice(0, PROBE) : full;
    const total = TOTAL.exec(line);
    if (total?.[1] !== undefined) {
      report.totals.push(total[1]);
      if (/failing$/.test(total[1])) details = true;
      block = undefined;
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered?.[1] !== undefined && numbered[2] !== undefined) {
      const known = byNumber.get(numbered[1]);
      if (details) {
        block = known ?? failureFor(failures, numbered[2].replace(/:$/, ''), 'failed');
        inTitle = !numbered[2].endsWith(':');
      } else if (known === undefined) {
        byNumber.set(numbered[1], failureFor(failures, numbered[2], 'failed'));
      }
      continue;
    }
    if (block !== undefined) {
      if (inTitle) {
        if (line.trim().endsWith(':')) inTitle = false;
        continue;
      }
      if (line.trim() === '') continue;
      addDetail(
        block,
        line,
        MESSAGE.test(line)
          ? 'message'
          : LOCATION.test(line) && !/node_modules/.test(line)
            ? 'location'
            : 'drop',
      );
      continue;
    }
    if (!PASSED.test(line) && !SUITE_TITLE.test(line) && line.trim() !== '') report.residual.push(line);
  }
  report.failures = failures.list;
  return report;
}

import { lineShape } from '../../../classify/index.js';
import { emptyFailures, failureFor } from './failures.js';
import { addDetail, type TestFailure, type TestReport } from './report.js';

/** Distinct warnings listed from pytest's warnings summary. */
const MAX_WARNINGS = 3;
/** Skip and xfail reasons from the short summary shown under the totals; the rest are left over. */
const MAX_SKIP_NOTES = 3;
const SKIP_LINE = /^(?:SKIPPED|XFAIL|XPASS) /;

type Section = 'pre' | 'session' | 'failures' | 'errors' | 'warnings' | 'summary' | 'other';

const SECTION = /^=+ (.+?) =+$/;
const TOTALS =
  /^=+ ((?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?|rerun)\b.* |no tests ran )in [\d.]+s(?: \([\d:]+\))?) =+$/;
/** Lines are matched on their first characters: pytest's own lines are short, and this bounds the work. */
const PROBE = 500;
const SESSION_NOISE =
  /^(?:platform |cachedir: |rootdir: |configfile: |inifile: |testpaths: |plugins: |asyncio: |hypothesis profile |django: |benchmark: |Using --randomly-seed|collecting \.\.\.|collected \d+ items?|created: |\[gw\d+\]|gw\d+ \[|bringing up nodes|Test order randomisation|metadata: |tmp_path_base)/;
const PROGRESS = /^(?:\S+\.py )?[.FEsxXR]+(?:\s+\[\s*\d+%\])?$/;
const VERBOSE = /^(\S.*?::\S.*?)(?: <- \S+)? (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS|RERUN)\b.*$/;
const BLOCK = /^_+ (?!_ )(\S.*?) _+$/;
const SUMMARY_LINE = /^(FAILED|ERROR) (.+?)(?: - (.*))?$/;
const CAPTURED = /^-{2,} Captured .* -{2,}$/;
const LOCATION = /^\S+:\d+(?:: .*)?$/;
const WARNING_TYPE = /\b\w+Warning\b/;
/** The line an agent put where it cut the middle of the output. */
const ELIDED = /^\[… \d+ characters elided …\]$/;

/** Parses pytest output into totals, failures (merged from verbose lines, blocks and the short summary) and warnings. */
export function parsePytest(lines: readonly string[]): TestReport {
  const report: TestReport = {
    runner: 'pytest',
    totals: [],
    notes: [],
    failures: [],
    warnings: [],
    residual: [],
  };
  const failures = emptyFailures();
  const warningShapes = new Set<string>();
  let section: Section = 'pre';
  let block: TestFailure | undefined;
  let captured = false;
  let arrow: string | undefined;
  let collected: string | undefined;

  for (const full of lines) {
    const line = full.length > PROBE ? full.slice(0, PROBE) : full;
    if (ELIDED.test(line)) {
      // The agent cut the middle: what follows may start anywhere, so no section is assumed.
      report.residual.push(line);
      section = 'other';
      block = undefined;
      continue;
    }
    const summary = SUMMARY_LINE.exec(line);
    if (summary?.[2] !== undefined && (section === 'summary' || summary[2].includes('::'))) {
      failureFor(failures, summary[2], summary[1] === 'ERROR' ? 'error' : 'failed', summary[3]);
      continue;
    }
    const totals = TOTALS.exec(line);
    if (totals?.[1] !== undefined) {
      report.totals.push(collected === undefined ? totals[1] : `${collected}, ${totals[1]}`);
      collected = undefined;
      section = 'other';
      block = undefined;
      continue;
    }
    const header = SECTION.exec(line);
    if (header?.[1] !== undefined) {
      section = sectionOf(header[1]);
      block = undefined;
      continue;
    }
    switch (section) {
      case 'pre':
      case 'other': {
        const verbose = VERBOSE.exec(line);
        if (verbose?.[1] !== undefined && (verbose[2] === 'FAILED' || verbose[2] === 'ERROR')) {
          failureFor(failures, verbose[1], verbose[2] === 'ERROR' ? 'error' : 'failed');
        } else if (!(verbose || PROGRESS.test(line))) report.residual.push(line);
        break;
      }
      case 'session': {
        const count = /^collected (\d+) items?(.*)$/.exec(line) ?? /collected (\d+) items?(.*)$/.exec(line);
        if (count) collected = `${count[1]} collected${count[2]?.replace(/^\s*\/\s*/, ' / ') ?? ''}`.trim();
        if (SESSION_NOISE.test(line) || PROGRESS.test(line) || line === '') break;
        const verbose = VERBOSE.exec(line);
        if (verbose?.[1] !== undefined) {
          if (verbose[2] === 'FAILED' || verbose[2] === 'ERROR')
            failureFor(failures, verbose[1], verbose[2] === 'ERROR' ? 'error' : 'failed');
          break;
        }
        report.residual.push(line);
        break;
      }
      case 'failures':
      case 'errors': {
        const start = BLOCK.exec(line);
        if (start?.[1] !== undefined) {
          const id = start[1].replace(/^ERROR (?:at (?:setup|teardown) of|collecting) /, '');
          block = failureFor(failures, id, section === 'errors' ? 'error' : 'failed');
          captured = false;
          arrow = undefined;
          break;
        }
        if (block === undefined) break;
        if (CAPTURED.test(line)) captured = true;
        if (captured || /^(?:_ )+_?$/.test(line)) addDetail(block, line, 'drop');
        else if (/^E\s/.test(line)) {
          if (arrow !== undefined && !block.message.some((kept) => kept.startsWith('>')))
            addDetail(block, arrow, 'message');
          addDetail(block, line, 'message');
        } else if (/^>\s/.test(line)) arrow = line;
        else if (LOCATION.test(line)) addDetail(block, line, 'location');
        else addDetail(block, line, 'drop');
        break;
      }
      case 'warnings': {
        if (!WARNING_TYPE.test(line)) {
          if (line !== '' && !line.startsWith('-- Docs:')) (report.warningsHidden ??= []).push(line);
          break;
        }
        const shape = lineShape(line.replace(/^.*?(\w+Warning\b)/, '$1'));
        if (warningShapes.has(shape) || report.warnings.length >= MAX_WARNINGS) {
          (report.warningsHidden ??= []).push(line);
          break;
        }
        warningShapes.add(shape);
        report.warnings.push(line);
        break;
      }
      case 'summary':
        if (SKIP_LINE.test(line))
          (report.notes.length < MAX_SKIP_NOTES ? report.notes : report.residual).push(full);
        break;
    }
  }
  if (collected !== undefined) report.totals.push(collected);
  report.failures = failures.list;
  return report;
}

function sectionOf(title: string): Section {
  const t = title.toLowerCase();
  if (t === 'test session starts') return 'session';
  if (t === 'failures') return 'failures';
  if (t === 'errors') return 'errors';
  if (t === 'warnings summary') return 'warnings';
  if (t === 'short test summary info') return 'summary';
  return 'other';
}

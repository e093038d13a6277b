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

/** Where the parser is in pytest's output, and what it has gathered so far. */
interface PytestParse {
  report: TestReport;
  failures: ReturnType<typeof emptyFailures>;
  warningShapes: Set<string>;
  section: Section;
  /** The failure whose block (in FAILURES or ERRORS) the lines belong to. */
  block: TestFailure | undefined;
  /** Inside a block's `Captured …` part: its lines are dropped. */
  captured: boolean;
  /** The last `>` source line of a block, kept before its first `E` line. */
  arrow: string | undefined;
  /** `N collected`, joined to the totals line that follows. */
  collected: string | undefined;
}

/** Parses pytest output into totals, failures (merged from verbose lines, blocks and the short summary) and warnings. */
export function parsePytest(lines: readonly string[]): TestReport {
  const parse: PytestParse = {
    report: { runner: 'pytest', totals: [], notes: [], failures: [], warnings: [], residual: [] },
    failures: emptyFailures(),
    warningShapes: new Set<string>(),
    section: 'pre',
    block: undefined,
    captured: false,
    arrow: undefined,
    collected: undefined,
  };
  for (const full of lines) {
    const line = full.length > PROBE ? full.slice(0, PROBE) : full;
    if (!structureLine(parse, line)) sectionLine(parse, line, full);
  }
  const { report } = parse;
  if (parse.collected !== undefined) report.totals.push(parse.collected);
  report.failures = parse.failures.list;
  return report;
}

/** Lines that mean the same in any section (a cut, a short-summary line, the totals, a header); false for others. */
function structureLine(parse: PytestParse, line: string): boolean {
  if (ELIDED.test(line)) {
    // The agent cut the middle: what follows may start anywhere, so no section is assumed.
    parse.report.residual.push(line);
    parse.section = 'other';
    parse.block = undefined;
    return true;
  }
  const summary = SUMMARY_LINE.exec(line);
  if (summary?.[2] !== undefined && (parse.section === 'summary' || summary[2].includes('::'))) {
    failureFor(parse.failures, summary[2], summary[1] === 'ERROR' ? 'error' : 'failed', summary[3]);
    return true;
  }
  const totals = TOTALS.exec(line);
  if (totals?.[1] !== undefined) {
    parse.report.totals.push(parse.collected === undefined ? totals[1] : `${parse.collected}, ${totals[1]}`);
    parse.collected = undefined;
    parse.section = 'other';
    parse.block = undefined;
    return true;
  }
  const header = SECTION.exec(line);
  if (header?.[1] !== undefined) {
    parse.section = sectionOf(header[1]);
    parse.block = undefined;
    return true;
  }
  return false;
}

function sectionLine(parse: PytestParse, line: string, full: string): void {
  switch (parse.section) {
    case 'pre':
    case 'other': {
      const verbose = VERBOSE.exec(line);
      if (verbose?.[1] !== undefined && (verbose[2] === 'FAILED' || verbose[2] === 'ERROR')) {
        failureFor(parse.failures, verbose[1], verbose[2] === 'ERROR' ? 'error' : 'failed');
      } else if (!(verbose || PROGRESS.test(line))) parse.report.residual.push(line);
      break;
    }
    case 'session':
      sessionLine(parse, line);
      break;
    case 'failures':
    case 'errors':
      blockLine(parse, line, parse.section);
      break;
    case 'warnings':
      warningLine(parse, line);
      break;
    case 'summary':
      if (SKIP_LINE.test(line))
        (parse.report.notes.length < MAX_SKIP_NOTES ? parse.report.notes : parse.report.residual).push(full);
      break;
  }
}

/** A line under `test session starts`: the collected count, verbose results, noise, or left over. */
function sessionLine(parse: PytestParse, line: string): void {
  const count = /^collected (\d+) items?(.*)$/.exec(line) ?? /collected (\d+) items?(.*)$/.exec(line);
  if (count) parse.collected = `${count[1]} collected${count[2]?.replace(/^\s*\/\s*/, ' / ') ?? ''}`.trim();
  if (SESSION_NOISE.test(line) || PROGRESS.test(line) || line === '') return;
  const verbose = VERBOSE.exec(line);
  if (verbose?.[1] !== undefined) {
    if (verbose[2] === 'FAILED' || verbose[2] === 'ERROR')
      failureFor(parse.failures, verbose[1], verbose[2] === 'ERROR' ? 'error' : 'failed');
    return;
  }
  parse.report.residual.push(line);
}

/** A line of a FAILURES or ERRORS block: a new block's title, its `E` message, its location, or dropped. */
function blockLine(parse: PytestParse, line: string, section: 'failures' | 'errors'): void {
  const start = BLOCK.exec(line);
  if (start?.[1] !== undefined) {
    const id = start[1].replace(/^ERROR (?:at (?:setup|teardown) of|collecting) /, '');
    parse.block = failureFor(parse.failures, id, section === 'errors' ? 'error' : 'failed');
    parse.captured = false;
    parse.arrow = undefined;
    return;
  }
  const { block } = parse;
  if (block === undefined) return;
  if (CAPTURED.test(line)) parse.captured = true;
  if (parse.captured || /^(?:_ )+_?$/.test(line)) addDetail(block, line, 'drop');
  else if (/^E\s/.test(line)) {
    if (parse.arrow !== undefined && !block.message.some((kept) => kept.startsWith('>')))
      addDetail(block, parse.arrow, 'message');
    addDetail(block, line, 'message');
  } else if (/^>\s/.test(line)) parse.arrow = line;
  else if (LOCATION.test(line)) addDetail(block, line, 'location');
  else addDetail(block, line, 'drop');
}

/** A line of the warnings summary: one per warning shape, up to MAX_WARNINGS; the rest hidden. */
function warningLine(parse: PytestParse, line: string): void {
  const { report } = parse;
  if (!WARNING_TYPE.test(line)) {
    if (line !== '' && !line.startsWith('-- Docs:')) (report.warningsHidden ??= []).push(line);
    return;
  }
  const shape = lineShape(line.replace(/^.*?(\w+Warning\b)/, '$1'));
  if (parse.warningShapes.has(shape) || report.warnings.length >= MAX_WARNINGS) {
    (report.warningsHidden ??= []).push(line);
    return;
  }
  parse.warningShapes.add(shape);
  report.warnings.push(line);
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

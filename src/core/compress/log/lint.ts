import { lineShape } from '../../classify/index.js';
import { clipLine } from '../../classify/index.js';

/** `path:line[:col]: message` (flake8, pylint, ruff, mypy, eslint unix, gcc) or `path(line,col): message` (tsc). */
const LINT_LINE = /^([^\s:()]+\.\w+)(?::(\d+)(?::\d+)?:?|\((\d+),\d+\):) (.+)$/;
/** Share of lines that must be findings for a log to be read as linter output. */
const LINT_SHARE = 0.5;
/** Findings needed for linter output. */
const MIN_FINDINGS = 6;
const PROBE = 1000;
/** pylint's `************* Module x` headers: the locations already name the files. */
const MODULE_HEADER = /^\*{5,} Module \S+$/;
/** A group's message is clipped to this many characters. */
const MESSAGE_MAX = 100;
/** A rule code at the start of a message (pylint `C0104:`, flake8 and ruff `E501`): findings group by it. */
const RULE_CODE = /^([A-Z]{1,3}\d{3,5})\b/;
/** pylint's message shape: `W0613: Unused argument 'x' (unused-argument)`. */
const PYLINT_MESSAGE = /^([CRWI]\d{4}): .*\(([a-z][a-z0-9-]+)\)$/;
/** From this many groups on, pylint's convention, refactor and warning groups drop their wording. */
const TERSE_FROM = 12;
const NAMES_ERROR = /\b[A-Z]\w*(?:Error|Exception)\b/;

interface Finding {
  location: string;
  message: string;
}

interface Group {
  message: string;
  locations: string[];
  /** Distinct message shapes under this rule. */
  shapes: Set<string>;
}

/** True when most lines are `path:line: message` findings. */
export function isLintOutput(lines: readonly string[]): boolean {
  let findings = 0;
  let nonBlank = 0;
  for (const line of lines) {
    if (line.trim() === '' || MODULE_HEADER.test(line)) continue;
    nonBlank++;
    if (LINT_LINE.test(probe(line))) findings++;
  }
  return findings >= MIN_FINDINGS && findings / Math.max(1, nonBlank) >= LINT_SHARE;
}

/**
 * Linter findings grouped by rule code when the message starts with one, else by message
 * (numbers and quoted names blanked when comparing): each group shows its first message once,
 * how many other wordings it has, its count and every location, so no `path:line` is lost.
 * In long pylint output, convention, refactor and warning groups show their code and symbol
 * only (`W0613 unused-argument [×17]: …`); errors keep their message.
 * Lines that are not findings are returned apart for the generic reduction.
 */
export function groupFindings(lines: readonly string[]): { groups: string[]; other: string[] } {
  const groups = new Map<string, Group>();
  const other: string[] = [];
  for (const line of lines) {
    const finding = parseFinding(line);
    if (finding === undefined) {
      if (!MODULE_HEADER.test(line)) other.push(line);
      continue;
    }
    const shape = lineShape(finding.message);
    const key = RULE_CODE.exec(finding.message)?.[1] ?? shape;
    const group = groups.get(key) ?? { message: finding.message, locations: [], shapes: new Set() };
    group.shapes.add(shape);
    if (!group.locations.includes(finding.location)) group.locations.push(finding.location);
    groups.set(key, group);
  }
  const terse = groups.size >= TERSE_FROM;
  const rendered = [...groups.values()].map((group) => {
    const count = group.locations.length > 1 ? ` [×${group.locations.length}]` : '';
    // A message naming an exception type keeps its wording: the type is what a reader looks for.
    const pylint = terse && !NAMES_ERROR.test(group.message) ? PYLINT_MESSAGE.exec(group.message) : null;
    if (pylint) return `${pylint[1]} ${pylint[2]}${count}: ${group.locations.join(', ')}`;
    const variants = group.shapes.size > 1 ? ` (+${group.shapes.size - 1} other wordings)` : '';
    return `${clipLine(group.message, MESSAGE_MAX)}${variants}${count}: ${group.locations.join(', ')}`;
  });
  return { groups: rendered, other };
}

function parseFinding(line: string): Finding | undefined {
  const match = LINT_LINE.exec(probe(line));
  if (match?.[1] === undefined || match[4] === undefined) return undefined;
  return { location: `${match[1]}:${match[2] ?? match[3] ?? ''}`, message: match[4] };
}

/** Findings are matched on a line's first characters (messages are clipped anyway); this bounds the work. */
function probe(line: string): string {
  return line.length > PROBE ? line.slice(0, PROBE) : line;
}

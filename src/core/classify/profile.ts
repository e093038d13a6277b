import { hasAnsi, sample, splitLines } from './text.js';
import { CHAIN_LINE, frameLanguage, PYTHON_EXCEPTION_LINE, traceStartLanguage } from './traces.js';

/** Counts of line kinds in a text: the evidence the content classifier weighs. */
export interface TextProfile {
  /** Non-empty lines looked at. */
  lines: number;
  /** Lines with a line-number gutter (`cat -n`, Claude Code's `→`, `nl`, SWE-agent's `12:`, aider's `│`). */
  numbered: number;
  /** Lines that read like source code (after the gutter). */
  codeLike: number;
  /** Lines that read like sentences. */
  proseLike: number;
  /** Markdown headings, bullets and fences. */
  markdown: number;
  /** Lines starting with a timestamp. */
  timestamped: number;
  /** Lines with a log level or a tool-status word (INFO, WARN, ERROR, PASSED, Downloading…). */
  leveled: number;
  /** Stack frames, trace starts, chain lines and exception lines. */
  trace: number;
  /** Trace start lines (`Traceback…`, `panic:`…). */
  traceStarts: number;
  /** Unified diff lines (headers, hunks, +/- lines). */
  diff: number;
  /** `path:line:` lines (grep, compilers, linters). */
  located: number;
  /** `ls -l` rows and bare paths. */
  listing: number;
  /** Lines with the same shape as the line before. */
  repeated: number;
  /** Progress bars and percentages. */
  progress: number;
  /** SWE-agent / OpenHands file view header (`[File: path (N lines total)]`). */
  fileView: boolean;
  ansi: boolean;
}

/** Lines are judged by their first characters; this bounds the regex work on huge lines. */
const LINE_PREFIX = 400;
const GUTTER = /^\s*\d+(?:→|\t|│|█|: | \| |:$)/;
const CODE_LINE =
  /^\s*(?:import\s|from\s+\S+\s+import\s|export\s|const\s|let\s|var\s|function[\s*(]|async\s+(?:def|function)\s|class\s+\w|def\s+\w|return\b|if\s*\(|elif\s|else\b|for\s*\(|for\s+\w+\s+in\s|while\s*[(\w]|switch\s*\(|case\s.+:|try\s*[:{]|except\b|catch\s*\(|finally\b|#include\s|package\s+[\w.]+;?$|use\s+[\w:]+|fn\s+\w|impl\b|struct\s+\w|enum\s+\w|interface\s+\w|type\s+\w+\s*=|public\s|private\s|protected\s|static\s|@\w+|self\.\w+\s*=|this\.\w+\s*=|raise\s|throw\s|yield\b|pass$|\}\s*(?:else|catch)?|#!\/|<\/?\w+[\s>])|(?:[;{]|\)\s*:|=>|\):)\s*$/;
const PROSE_LINE = /^\s*(?:[-*>]\s+|\d+\.\s+)?[A-Z"'(][^{};=<>|]*[a-z][^{};=<>|]*[.?!:)"']\s*$/;
const MARKDOWN = /^\s*(?:[-*+]\s+\S|\d+\.\s+\S|```|>\s+\S|\|.*\|\s*$)/;
/** A markdown heading; it counts only after a blank line, since `# …` runs are comments in code and configs. */
const HEADING = /^#{1,6}\s+\S/;
const TIMESTAMP =
  /^\s*[[(]?(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}|\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2})/;
const LEVEL =
  /\b(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE|FATAL|CRITICAL|NOTICE|PASSED|FAILED|SKIPPED|XFAIL|OK)\b|^\s*(?:\[(?:info|warn|error|debug)\]|npm (?:WARN|ERR!)|(?:Collecting|Downloading|Installing|Requirement already satisfied|Successfully|Building|Compiling|Finished|Running|Checking|Fetching|Resolving|Preparing|Obtaining|Using cached|Created wheel|Stored in directory|Attempting|Uninstalling|Step \d+\/\d+|#\d+ \[)\b)|^\s*(?:warning|error|note|hint)(?:\[\w+\])?: |^\s*[✓✔✗✘×✕❯⭐🚀🐳✅❌⚠]/u;
const DIFF =
  /^(?:diff --git |index [0-9a-f]+\.\.[0-9a-f]+|--- (?:a\/|\/dev\/null)|\+\+\+ (?:b\/|\/dev\/null)|@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@|new file mode|deleted file mode)/;
const DIFF_BODY = /^[+-](?![+-]{2} )/;
const LOCATED = /^\s*[\w./\\~-]*[\w-]\.\w+:\d+(?::\d+)?(?::|\s|$)|^\s*[\w./\\~-]+\.\w+\(\d+(?:,\d+)?\):/;
const LISTING =
  /^[-dlcbps][rwxsStT-]{9}[.+@]?\s+\d+|^total \d+$|^\.{0,2}\/?(?:[\w.@-]+\/)+[\w.@-]*\/?$|^[\w.@-]+\.\w{1,5}$/;
const PROGRESS = /\d{1,3}(?:\.\d+)?%|[█▇▆▅▄▃▂▏▎▍▌▋▊▉━─=#]{6,}|\[\s*[=#>-]+\s*\]/;
const FILE_VIEW = /^\[File: (.+) \(\d+ lines total\)\]$/m;

/** The path of an agent's file view header (`[File: /repo/x.py (120 lines total)]`), if the text has one. */
export function fileViewPath(text: string): string | undefined {
  return FILE_VIEW.exec(text.slice(0, 2000))?.[1];
}

/** Removes line-number gutters (`  12→`, `  12\t`, `12:`, `12│`) from every line that has one. */
export function stripGutters(text: string): string {
  return text.replace(/^\s*\d+(?:→|\t|│|█|: | \| |:$)/gm, '');
}

const QUOTED = /"[^"\n]*"|'[^'\n]*'/g;
const PATH = /[\w.-]*\/[\w./-]*/g;
const HEX = /\b0x[0-9a-fA-F]+\b|\b[0-9a-fA-F]{7,}\b/g;
const NUMBER = /\d+(?:\.\d+)?/g;
const SPACES = /\s+/g;

/**
 * The shape of a line: what stays when quoted strings, paths, hex ids and numbers are blanked and
 * whitespace runs squeezed. Each pass runs only when the line can hold what it blanks (hot path).
 */
export function lineShape(line: string): string {
  let shape = line;
  if (shape.includes('"') || shape.includes("'")) shape = shape.replace(QUOTED, 'S');
  if (shape.includes('/')) shape = shape.replace(PATH, 'P');
  if (/[a-fA-F]\d|\d[a-fA-F]|0x/.test(shape)) shape = shape.replace(HEX, 'H');
  shape = shape.replace(NUMBER, 'N');
  if (/\s\s|\t/.test(shape)) shape = shape.replace(SPACES, ' ');
  return shape.trim();
}

/** Profiles a text (a bounded sample of it) in one pass over its lines. */
export function profileText(text: string): TextProfile {
  const view = sample(text);
  const profile: TextProfile = {
    lines: 0,
    numbered: 0,
    codeLike: 0,
    proseLike: 0,
    markdown: 0,
    timestamped: 0,
    leveled: 0,
    trace: 0,
    traceStarts: 0,
    diff: 0,
    located: 0,
    listing: 0,
    repeated: 0,
    progress: 0,
    fileView: FILE_VIEW.test(view),
    ansi: hasAnsi(view),
  };
  let previousShape = '';
  let afterBlank = true;
  for (const full of splitLines(view)) {
    if (full.trim() === '') {
      afterBlank = true;
      continue;
    }
    if (afterBlank && HEADING.test(full)) profile.markdown++;
    afterBlank = false;
    const raw = full.length > LINE_PREFIX ? full.slice(0, LINE_PREFIX) : full;
    profile.lines++;
    const gutter = GUTTER.exec(raw);
    const line = gutter ? raw.slice(gutter[0].length) : raw;
    if (gutter) profile.numbered++;
    if (CODE_LINE.test(line)) profile.codeLike++;
    if (PROSE_LINE.test(line) && line.split(/\s+/).length >= 5) profile.proseLike++;
    if (MARKDOWN.test(line)) profile.markdown++;
    if (TIMESTAMP.test(raw)) profile.timestamped++;
    if (LEVEL.test(raw)) profile.leveled++;
    if (DIFF.test(raw)) profile.diff += 3;
    else if (DIFF_BODY.test(raw)) profile.diff++;
    if (LOCATED.test(raw)) profile.located++;
    if (LISTING.test(raw.trim())) profile.listing++;
    if (PROGRESS.test(raw)) profile.progress++;
    const start = traceStartLanguage(raw);
    if (start !== undefined && start !== 'node' && start !== 'java') profile.traceStarts++;
    if (start !== undefined || frameLanguage(raw) !== undefined || CHAIN_LINE.test(raw)) profile.trace++;
    else if (PYTHON_EXCEPTION_LINE.test(raw) && /(?:Error|Exception)\b/.test(raw)) profile.trace++;
    const shape = raw.length > 400 ? raw.slice(0, 40) : lineShape(raw);
    if (shape === previousShape) profile.repeated++;
    previousShape = shape;
  }
  return profile;
}

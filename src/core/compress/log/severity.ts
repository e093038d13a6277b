/** How much a log line matters to someone looking for what went wrong. */
export type Severity = 'error' | 'warning' | 'info';

const ERROR =
  /\bERR!|\b(?:ERROR|FATAL|CRITICAL|FAIL(?:ED|URE|S)?|PANIC|Traceback|Segmentation fault|core dumped|Killed)\b|^\s*(?:error|fatal)(?:\[\w+\])?:|\b[A-Z]\w*(?:Error|Exception)\b|[✗✘×✕❌]|\b(?:[Ee]xit(?:ed)? (?:code|status) [1-9]\d*|returned non-zero|command not found|No such file or directory|Permission denied|cannot|could not|couldn't|unable to|failed|not found|undefined reference|[Ee]rror:)|\berror(?:\[\w+\]| [A-Z]+\d+):|^\s*E\s{2,}\S|^[\w./\\-]+\.\w+:\d+(?::\d+)?: (?:error|[EF]\d+)\b/;

const WARNING =
  /\b(?:WARN(?:ING)?|DEPRECAT(?:ED|ION))\b|^\s*warning(?:\[\w+\])?:|\b[A-Z]\w*Warning\b|⚠|\bwarn\b|^[\w./\\-]+\.\w+:\d+(?::\d+)?: (?:warning|[WC]\d+)\b|: [WCR]\d{4}: /;

/**
 * Phrases that name a failure word but report success: `0 failed`, `errors: 0`, `--fail-fast`,
 * `no errors`. They are taken out of a line before it is tested again, so only the phrase is
 * excused: `ERROR: job 0 failed` is still an error, `Tests: 12 passed, 0 failed` is not.
 */
const BENIGN =
  /\b0 (?:errors?|failed|failures)\b|\b(?:errors?|failures?|failed)[:=]\s*0\b|--\w*(?:fail|error)\w*|\bno errors?\b/gi;

/** Severity of one line. */
export function severityOf(line: string): Severity {
  if (line.length > 2000) return severityOf(line.slice(0, 2000));
  if (ERROR.test(line) && ERROR.test(line.replace(BENIGN, ' '))) return 'error';
  if (WARNING.test(line)) return 'warning';
  return 'info';
}

/** Error and warning lines in a log. */
export function countSeverities(lines: readonly string[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const line of lines) {
    const severity = severityOf(line);
    if (severity === 'error') errors++;
    else if (severity === 'warning') warnings++;
  }
  return { errors, warnings };
}

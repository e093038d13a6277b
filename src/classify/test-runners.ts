/** Test runners whose output the log compressor reduces to totals and failures. */
export type TestRunner = 'pytest' | 'jest' | 'vitest' | 'mocha' | 'go' | 'cargo' | 'unittest' | 'tox';

/**
 * Marks of each runner, strongest first. A runner is recognised when one of its marks
 * occurs at the start of a line.
 */
const MARKS: ReadonlyArray<readonly [TestRunner, RegExp]> = [
  ['pytest', /^=+ test session starts =+$/m],
  ['pytest', /^=+ (?:.*\b(?:passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?)\b.*|no tests ran) in [\d.]+s(?: \([\d:]+\))? =+$/m],
  ['pytest', /^=+ short test summary info =+$/m],
  ['pytest', /^(?:FAILED|ERROR) \S+\.py::\S+/m],
  ['vitest', /^\s*Test Files\s+.*\(\d+\)$/m],
  ['vitest', /^\s*RUN\s+v\d+\.\d+/m],
  ['jest', /^Test Suites:\s+.*\d+ total$/m],
  ['jest', /^\s*(?:PASS|FAIL)\s+\S+\.(?:test|spec)\.[cm]?[jt]sx?\b/m],
  ['mocha', /^\s+\d+ passing \(\d+(?:ms|s|m)\)$/m],
  ['go', /^--- (?:FAIL|PASS): \S+ \([\d.]+s\)$/m],
  ['go', /^(?:ok|FAIL)\s+\S+\s+(?:[\d.]+s|\(cached\))/m],
  ['cargo', /^test result: (?:ok|FAILED)\. \d+ passed; \d+ failed/m],
  ['cargo', /^test \S+ \.\.\. (?:ok|FAILED|ignored)$/m],
  ['unittest', /^Ran \d+ tests? in [\d.]+s$/m],
  ['unittest', /^(?:FAIL|ERROR): \w+ \([\w.]+\)/m],
  ['tox', /^\s*\S+: commands? (?:succeeded|failed)$/m],
  ['tox', /^_+ summary _+$/m],
];

/** Which test runner printed this text, if any (looks at line starts only; fast on large text). */
export function detectTestRunner(text: string): TestRunner | undefined {
  for (const [runner, mark] of MARKS) if (mark.test(text)) return runner;
  return undefined;
}

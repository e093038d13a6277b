/** Test runners whose output the log compressor reduces to totals and failures. */
export type TestRunner = 'pytest' | 'jest' | 'vitest' | 'mocha' | 'go' | 'cargo' | 'unittest' | 'tox';

/**
 * Marks of each runner, strongest first. A runner is recognised when one of its marks
 * occurs at the start of a line.
 */
const MARKS: ReadonlyArray<readonly [TestRunner, RegExp]> = [
  ['pytest', /^=+ test session starts =+$/],
  [
    'pytest',
    /^=+ (?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?)\b.* |no tests ran )in [\d.]+s(?: \([\d:]+\))? =+$/,
  ],
  ['pytest', /^=+ short test summary info =+$/],
  ['pytest', /^(?:FAILED|ERROR) \S+\.py::\S+/],
  ['vitest', /^\s*Test Files\s+.*\(\d+\)$/],
  ['vitest', /^\s*RUN\s+v\d+\.\d+/],
  ['jest', /^Test Suites:\s+.*\d+ total$/],
  ['jest', /^\s*(?:PASS|FAIL)\s+\S+\.(?:test|spec)\.[cm]?[jt]sx?\b/],
  ['mocha', /^\s+\d+ passing \(\d+(?:ms|s|m)\)$/],
  ['go', /^--- (?:FAIL|PASS): \S+ \([\d.]+s\)$/],
  ['go', /^(?:ok|FAIL)\s+\S+\s+(?:[\d.]+s|\(cached\))/],
  ['cargo', /^test result: (?:ok|FAILED)\. \d+ passed; \d+ failed/],
  ['cargo', /^test \S+ \.\.\. (?:ok|FAILED|ignored)$/],
  ['unittest', /^Ran \d+ tests? in [\d.]+s$/],
  ['unittest', /^(?:FAIL|ERROR): \w+ \([\w.]+\)/],
  ['tox', /^\s*\S+: commands? (?:succeeded|failed)$/],
  ['tox', /^_+ summary _+$/],
];

/** Lines are compared by their first characters only (runner marks are short), which bounds the work. */
const LINE_PREFIX = 300;

/** Which test runner printed this text, if any. Looks at each line's start; linear in the text's size. */
export function detectTestRunner(text: string): TestRunner | undefined {
  let best: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.length > LINE_PREFIX ? raw.slice(0, LINE_PREFIX) : raw.replace(/\r$/, '');
    for (let i = 0; i < (best ?? MARKS.length); i++) {
      if (MARKS[i]?.[1].test(line) === true) {
        best = i;
        break;
      }
    }
    if (best === 0) break;
  }
  return best === undefined ? undefined : MARKS[best]?.[0];
}

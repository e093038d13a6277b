import type { RunnerSpec } from './engine.js';

/** An indented bare suite title (`  VAT`, `    #indexOf()`), printed above its tests. */
export const SUITE_TITLE = /^\s{2,}[\w#$@][\w\s#$@().,'-]{0,80}$/;

/** Stack frames of test frameworks and Node internals: not locations worth keeping. */
const NOT_PROJECT = /node_modules|node:internal|internal\/|\(native\)|\(<anonymous>\)/;

/** Jest (`●` blocks, `✕` lines, `Tests:` totals) and Vitest (`FAIL file > test` blocks, `Test Files` totals). */
export function jestSpec(runner: 'jest' | 'vitest'): RunnerSpec {
  return {
    runner,
    block: [
      { pattern: /^\s*● (?!Console\b)(.+?)\s*$/ },
      { pattern: /^\s*FAIL\s+(\S.*? > .+?)(?:\s+\[[^\]]*\])?\s*$/ },
    ],
    failed: [{ pattern: /^\s*[✕×✗]\s+(.+?)(?:\s+\(?\d+(?:\.\d+)?\s*m?s\)?)?\s*$/ }],
    totals: [
      /^\s*(Test Suites:.*)$/,
      /^\s*(Tests:.*)$/,
      /^\s*(Test Files\s.*)$/,
      /^\s*(Tests\s+\d.*)$/,
      /^\s*(Time:.*)$/,
      /^\s*(Duration\s.*)$/,
    ],
    notes: [/^\s*FAIL\s+\S+\.(?:test|spec)\.[cm]?[jt]sx?\b(?!.* > )/],
    blockEnd: [
      /^\s*(?:PASS|FAIL)\s+\S+\.(?:test|spec)\./,
      /^\s*⎯{3,}/,
      /^\s*(?:Test Suites|Tests|Snapshots|Time|Test Files|Duration|Start at)\b/,
      /^\s*[✓✔√✕×]\s/,
    ],
    noise: [
      /^\s*[✓✔√]\s/,
      /^\s*PASS\s/,
      /^\s*Snapshots:/,
      /^\s*Ran all test suites/,
      /^\s*RUN\s+v/,
      /^\s*Start at\s/,
      /^\s*❯ \S+\.(?:test|spec)\.\S+ \(\d+ tests?/,
      /^\s*⎯{3,}/,
      /^\s*↓\s/,
      /^\s+→ /,
      SUITE_TITLE,
    ],
    message: /Error\b|Expected|Received|expected|expect\(|^\s*[-+] |^\s*>\s*\d+\s*\||→|AssertionError|assert/,
    location: new RegExp(
      `^(?!.*(?:${NOT_PROJECT.source})).*(?:\\(\\S+:\\d+:\\d+\\)|❯ \\S+:\\d+:\\d+|at \\S+:\\d+:\\d+)\\s*$`,
    ),
  };
}

/** `go test`: `--- FAIL: TestX` blocks with their indented output, package `ok`/`FAIL` lines. */
export const goSpec: RunnerSpec = {
  runner: 'go',
  block: [{ pattern: /^\s*--- FAIL: (\S+)/ }],
  runStart: /^=== RUN\s/,
  failed: [],
  totals: [],
  notes: [/^FAIL\s+\S+\s+(?:[\d.]+s|\[build failed\]|\[setup failed\])/],
  counters: [
    [/^\s*--- PASS: /, 'passed'],
    [/^\s*--- FAIL: /, 'failed'],
    [/^\s*--- SKIP: /, 'skipped'],
    [/^ok\s+\S+/, 'packages ok'],
    [/^FAIL\s+\S+\s/, 'packages failed'],
  ],
  blockEnd: [/^(?:=== |\s*--- (?:PASS|FAIL|SKIP)|ok\s|FAIL\s|PASS$|FAIL$)/],
  noise: [
    /^=== (?:RUN|PAUSE|CONT|NAME)\s/,
    /^\s*--- (?:PASS|SKIP): /,
    /^(?:PASS|FAIL)$/,
    /^ok\s/,
    /^\?\s+\S+\s+\[no test files\]/,
  ],
  message: /\S/,
};

/** `cargo test`: `---- name stdout ----` blocks, `test x ... FAILED` lines, `test result:` totals. */
export const cargoSpec: RunnerSpec = {
  runner: 'cargo',
  block: [{ pattern: /^---- (\S+) stdout ----$/ }],
  failed: [{ pattern: /^test (\S+) \.\.\. FAILED$/ }],
  totals: [/^(test result: .*)$/],
  blockEnd: [/^failures:$/, /^test result:/, /^running \d+ tests?$/, /^---- \S+ stdout ----$/],
  noise: [/^test \S+ \.\.\. (?:ok|ignored)/, /^running \d+ tests?$/, /^failures:$/, /^\s{4}[\w:]+$/],
  message: /panicked|assert|left|right|expected|[Ee]rror|called `/,
  location: /\S+\.rs:\d+(?::\d+)?/,
};

/** Python unittest (and Django's runner): `FAIL: test (module.Class)` blocks holding tracebacks. */
export const unittestSpec: RunnerSpec = {
  runner: 'unittest',
  block: [{ pattern: /^(FAIL|ERROR): (\S+ \(.+\))\s*$/, id: 2, kind: 1 }],
  failed: [{ pattern: /^(\S+ \([\w.]+\))(?: \S+)? \.\.\. (FAIL|ERROR)$/, kind: 2 }],
  totals: [/^(Ran \d+ tests? in [\d.]+s)$/, /^((?:OK|FAILED)(?: \(.*\))?)$/],
  blockEnd: [/^={20,}$/, /^Ran \d+ tests?/],
  noise: [
    /^\S.* \.\.\. (?:ok|skipped.*|expected failure|unexpected success)$/,
    /^-{20,}$/,
    /^={20,}$/,
    /^[.EFsxu]+$/,
    /^ok$/,
  ],
  message:
    /^\w[\w.]*(?:Error|Exception|Failure|Exit)\b|^\s*[-+?] |^(?:First|Second) differing|^Lists differ|^Items in|^Dict|^Tuples differ|^\s*assert|^AssertionError/,
  location: /^\s*File "(?![^"]*(?:site-packages|dist-packages|\/lib\/python\d|<frozen))/,
};

/** tox without a recognised inner runner: environment results. */
export const toxSpec: RunnerSpec = {
  runner: 'tox',
  block: [],
  failed: [{ pattern: /^ERROR:\s+(\S+): (?:commands failed|InvocationError.*)$/ }],
  totals: [
    /^\s*(\S+: commands? (?:succeeded|failed).*)$/,
    /^\s*((?:congratulations|evaluation failed).*)$/,
    /^\s*(\S+: (?:OK|FAIL) \(.*\))$/,
  ],
  blockEnd: [],
  noise: [/^_+ summary _+$/],
  message: /\S/,
};

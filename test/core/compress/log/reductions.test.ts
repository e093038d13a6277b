import { describe, expect, it } from 'vitest';
import { summariseDiff } from '../../../../src/core/compress/log/diff.js';
import { header } from '../../../../src/core/compress/log/index.js';
import { compressLog, MIN_LOG_CHARS } from '../../../../src/core/compress/log/index.js';
import { summariseLines } from '../../../../src/core/compress/log/generic.js';

const RULE = '='.repeat(29);

describe('log summary header', () => {
  it('counts lines, errors and warnings, zeros included (they say there were none)', () => {
    expect(header(['a', 'b'], { errors: 0, warnings: 0 })).toBe('[log: 2 lines, 0 errors, 0 warnings]');
    expect(header(['a', 'b', 'c'], { errors: 1, warnings: 0 })).toBe('[log: 3 lines, 1 error, 0 warnings]');
    expect(header(['a'], { errors: 0, warnings: 2 })).toBe('[log: 1 line, 0 errors, 2 warnings]');
  });

  it('gives only the line count above a test report, whose totals follow', () => {
    expect(header(['a', 'b'])).toBe('[log: 2 lines]');
  });
});

describe('short test runs', () => {
  it('reduce a passing pytest run under the generic length floor to its totals', () => {
    const run = [
      `${RULE} test session starts ${RULE}`,
      'platform linux -- Python 3.9.20, pytest-7.4.0, pluggy-1.5.0',
      'rootdir: /srv/ledger, configfile: pyproject.toml',
      'collected 2 items',
      '',
      'tests/test_rounding.py ..                                       [100%]',
      '',
      `${RULE} 2 passed in 0.14s ${RULE}`,
    ].join('\n');
    expect(run.length).toBeLessThan(MIN_LOG_CHARS);
    const summary = compressLog(run);
    expect(summary.helped).toBe(true);
    expect(summary.text).toBe('[log: 8 lines]\n[pytest: 2 collected, 2 passed in 0.14s]');
  });

  it('keep the skip reasons of the short summary, with their locations', () => {
    const run = [
      `${RULE} test session starts ${RULE}`,
      'rootdir: /srv/ledger',
      'collected 1 item',
      '',
      'tests/test_export.py s                                          [100%]',
      '',
      `${RULE} short test summary info ${RULE}`,
      'SKIPPED [1] tests/test_export.py:14: needs the S3 credentials',
      `${RULE} 1 skipped in 0.05s ${RULE}`,
    ].join('\n');
    const summary = compressLog(run);
    expect(summary.text).toContain('[pytest: 1 collected, 1 skipped in 0.05s]');
    expect(summary.text).toContain('SKIPPED [1] tests/test_export.py:14: needs the S3 credentials');
  });
});

describe('short logs', () => {
  it('show a run of identical lines once with its count, lines that differ as printed', () => {
    const debug = 'DEBUG: axis=(0, 1), result=21.0, result.ndim=0, result.dtype=float64';
    const log = [
      'Running sum over two dimensions',
      debug,
      debug,
      debug,
      "Label: '3000'",
      "Label: '4000'",
      "Label: '5000'",
      'Test failed: expected nan',
    ].join('\n');
    expect(log.length).toBeLessThan(MIN_LOG_CHARS);
    const summary = compressLog(log);
    expect(summary.helped).toBe(true);
    expect(summary.text).toBe(
      [
        'Running sum over two dimensions',
        `${debug} [×3]`,
        "Label: '3000'",
        "Label: '4000'",
        "Label: '5000'",
        'Test failed: expected nan',
      ].join('\n'),
    );
    expect(compressLog(summary.text)).toMatchObject({ text: summary.text, helped: false });
  });

  it('leave a short diff whole', () => {
    const diff = [
      'diff --git a/ledger/tax.py b/ledger/tax.py',
      '--- a/ledger/tax.py',
      '+++ b/ledger/tax.py',
      '@@ -1,3 +1,3 @@',
      ...Array.from({ length: 6 }, () => '+DEFAULT_RATE = Decimal("0.20")  # standard rate'),
    ].join('\n');
    expect(diff.length).toBeGreaterThan(200);
    expect(compressLog(diff)).toMatchObject({ text: diff, helped: false });
  });
});

describe('test reports', () => {
  const failing = (extra: string[]): string =>
    [
      `${RULE} test session starts ${RULE}`,
      'collected 12 items',
      '',
      'tests/test_invoice.py ...F........                               [100%]',
      '',
      `${'='.repeat(30)} FAILURES ${'='.repeat(30)}`,
      `${'_'.repeat(20)} test_vat_is_rounded ${'_'.repeat(20)}`,
      '',
      '    def test_vat_is_rounded():',
      '>       assert vat(Decimal("10.005")) == Decimal("10.01")',
      "E       AssertionError: assert Decimal('10.00') == Decimal('10.01')",
      '',
      'tests/test_invoice.py:41: AssertionError',
      ...extra,
      `${RULE} short test summary info ${RULE}`,
      'FAILED tests/test_invoice.py::test_vat_is_rounded - AssertionError',
      `${RULE} 1 failed, 11 passed, 3 warnings in 0.31s ${RULE}`,
    ].join('\n');

  it('leave out the one-line reason when the assertion under the test repeats it', () => {
    const lines = compressLog(failing([])).text.split('\n');
    const at = lines.indexOf('FAILED tests/test_invoice.py::test_vat_is_rounded');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2]).toBe("  E       AssertionError: assert Decimal('10.00') == Decimal('10.01')");
  });

  it('list the locations of the warnings they do not show', () => {
    const warnings = [
      `${RULE} warnings summary ${RULE}`,
      'ledger/money.py:12',
      '  ledger/money.py:12: DeprecationWarning: the context argument is deprecated',
      '    ctx = localcontext(context)',
      '',
      'ledger/tax.py:30',
      '  ledger/tax.py:30: DeprecationWarning: the context argument is deprecated',
      '',
      'ledger/tax.py:88',
      '  ledger/tax.py:88: DeprecationWarning: the context argument is deprecated',
      '',
      '-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html',
    ];
    const summary = compressLog(failing(warnings));
    expect(summary.text.match(/DeprecationWarning/g)).toHaveLength(1);
    for (const location of ['ledger/money.py:12', 'ledger/tax.py:30', 'ledger/tax.py:88'])
      expect(summary.text).toContain(location);
    expect(summary.text).not.toContain('-- Docs:');
  });

  it('keep the last line printed around them, not the first', () => {
    const coverage = [
      `${RULE} tests coverage ${RULE}`,
      'Name                 Stmts   Miss  Cover',
      '------------------------------------------',
      'ledger/money.py         40      2    95%',
      'ledger/tax.py           61     12    80%',
      '------------------------------------------',
      'TOTAL                  101     14    86%',
    ];
    const summary = compressLog(failing(coverage));
    expect(summary.text).toContain('TOTAL                  101     14    86%');
    expect(summary.text).not.toContain('Name                 Stmts');
    expect(summary.text).toContain('FAILED tests/test_invoice.py::test_vat_is_rounded');
  });
});

describe('generic reduction', () => {
  it('clips long plain lines shorter than error lines, listing the refs the cut held', () => {
    const plain = `loading plugins from ${'x'.repeat(60)} then src/plugins/loader.ts:88 and ${'y'.repeat(80)} done`;
    const error = `ERROR: ${'z'.repeat(150)} failed`;
    const lines = [plain, 'step 1', 'step 2', 'step 3', error, 'step 4', 'step 5', 'the end'];
    const { out } = summariseLines(lines, new Set());
    const first = out[0] ?? '';
    expect(first.length).toBeLessThan(plain.length);
    expect(first).toMatch(/…\[\d+ chars\]…/);
    expect(first.endsWith('(refs: src/plugins/loader.ts:88)')).toBe(true);
    expect(out).toContain(error);
  });

  it('keeps the second line of the head only when the first is a short label', () => {
    const body = Array.from({ length: 12 }, (_, i) => `row ${i}: ${'v'.repeat(i + 1)}`);
    const labelled = summariseLines(['STDOUT:', 'Running: pylint --recursive=y .', ...body], new Set()).out;
    expect(labelled.slice(0, 2)).toEqual(['STDOUT:', 'Running: pylint --recursive=y .']);
    const long = `Resolved 41 packages in 12ms, audited 40 packages in 3ms, ${'x'.repeat(60)}`;
    const plain = summariseLines([long, 'Prepared 1 package in 8ms', ...body], new Set()).out;
    expect(plain[0]).toBe(long);
    expect(plain[1]).toMatch(/^\[… \d+ lines\]$/);
  });

  it('keeps the line before the last only when the last is short', () => {
    const body = Array.from({ length: 12 }, (_, i) => `row ${i}: ${'v'.repeat(i + 1)}`);
    const prompt = summariseLines([...body, 'Checked 3 files, 2 findings', 'done.'], new Set()).out;
    expect(prompt.slice(-2)).toEqual(['Checked 3 files, 2 findings', 'done.']);
    const long = `Wrote the report to build/reports/coverage/index.html (41 files, ${'x'.repeat(50)})`;
    const plain = summariseLines([...body, 'Checked 3 files, 2 findings', long], new Set()).out;
    expect(plain[plain.length - 1]).toBe(long);
    expect(plain[plain.length - 2]).toMatch(/^\[… \d+ lines\]$/);
  });

  it('keeps only the last lines of leftovers when asked for the tail edge', () => {
    const lines = ['first', 'second', ...Array.from({ length: 10 }, (_, i) => `row ${i}`), 'last'];
    const both = summariseLines(lines, new Set(), 2).out;
    const tail = summariseLines(lines, new Set(), 2, { edges: 'tail' }).out;
    expect(both[0]).toBe('first');
    expect(tail[0]).toMatch(/^\[… \d+ lines\]$/);
    expect(tail[tail.length - 1]).toBe('last');
  });
});

describe('diff summary', () => {
  it('writes hunk headers without their line counts and shows six changed lines per file', () => {
    const diff = [
      'diff --git a/ledger/tax.py b/ledger/tax.py',
      '--- a/ledger/tax.py',
      '+++ b/ledger/tax.py',
      '@@ -12,7 +12,9 @@ def vat(amount):',
      ...Array.from({ length: 5 }, (_, i) => `-    old_${i} = amount`),
      ...Array.from({ length: 5 }, (_, i) => `+    new_${i} = amount`),
    ];
    const out = summariseDiff(diff);
    expect(out[0]).toBe('[diff: 1 file, +5 −5]');
    expect(out).toContain('  @@ -12 +12 @@ def vat(amount):');
    expect(out.filter((line) => /^ {2}[-+] /.test(line))).toHaveLength(5);
    expect(out[out.length - 1]).toBe('  [… 5 more changed lines]');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_CLASSES, type ContentClass } from '../../../src/core/classify/types.js';
import { compressError } from '../../../src/core/compress/error/index.js';
import { compress } from '../../../src/core/compress/index.js';
import { compressLog } from '../../../src/core/compress/log/index.js';
import { compressMixed } from '../../../src/core/compress/mixed.js';
import type { Compressor } from '../../../src/core/compress/types.js';

/** Lines that look like real tool output, to build logs, traces and test runs from. */
const LINE = fc.oneof(
  fc.constantFrom(
    '============================= test session starts ==============================',
    '========================= 1 failed, 2 passed in 0.05s ==========================',
    'FAILED tests/test_vat.py::test_period - assert 1249.99 == 1250',
    '_________________________________ test_period _________________________________',
    'E       assert 1249.99 == 1250',
    'tests/test_vat.py:11: AssertionError',
    'Traceback (most recent call last):',
    '  File "/app/vat.py", line 12, in total',
    '  File "/venv/lib/python3.11/site-packages/x/y.py", line 3, in g',
    '    return rate * amount',
    "KeyError: 'rate'",
    'During handling of the above exception, another exception occurred:',
    '    at loadConfig (/home/dev/api/src/config.ts:27:11)',
    '    at Module._compile (node:internal/modules/cjs/loader:1256:14)',
    'Caused by: java.io.IOException: closed',
    '\tat com.acme.Pool.open(Pool.java:57)',
    'panic: runtime error: index out of range',
    'goroutine 1 [running]:',
    "thread 'main' panicked at src/lib.rs:4:5:",
    'diff --git a/x.py b/x.py',
    '@@ -1,2 +1,2 @@',
    '-old',
    '+new',
    'src/a.py:3:1: E402 module level import not at top of file',
    '{"job": {"id": 1, "lines": [1, 2, 3]}}',
    '{',
    '}',
    '[… 120 characters elided …]',
    '[log: 3 lines, 0 errors, 0 warnings]',
    '     ━━━━━━━━━━━━━━━━━━━━ 1.2/1.2 MB 9.8 MB/s eta 0:00:00',
    '\u001b[31mERROR\u001b[0m something failed',
    'WARNING: deprecated',
    '',
  ),
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .nat({ max: 10_000 })
    .map(
      (n) =>
        `2024-01-01 10:00:${String(n % 60).padStart(2, '0')} INFO worker processed job ${n} in ${n % 97}ms`,
    ),
);

const TEXT = fc.oneof(
  fc.array(LINE, { maxLength: 120 }).map((lines) => lines.join('\n')),
  fc.string({ unit: 'grapheme', maxLength: 2000 }),
  fc.string({ unit: 'binary', maxLength: 2000 }),
  fc.tuple(fc.string({ maxLength: 3 }), fc.nat({ max: 20_000 })).map(([s, n]) => s.repeat(n)),
);

const RUNS = { numRuns: 120 };

function checkInvariants(name: string, compressor: Compressor): void {
  describe(`${name} properties`, () => {
    it('never throws and never lengthens; helped:false returns the original', () => {
      fc.assert(
        fc.property(TEXT, (text) => {
          const summary = compressor(text, {});
          expect(summary.text.length).toBeLessThanOrEqual(text.length);
          if (!summary.helped) expect(summary.text).toBe(text);
          else expect(summary.text.length).toBeLessThan(text.length);
        }),
        RUNS,
      );
    });

    it('is deterministic', () => {
      fc.assert(
        fc.property(TEXT, (text) => {
          expect(compressor(text, {})).toEqual(compressor(text, {}));
        }),
        RUNS,
      );
    });

    it('changes its own summary little when run again', () => {
      fc.assert(
        fc.property(TEXT, (text) => {
          const once = compressor(text, {}).text;
          const twice = compressor(once, {}).text;
          expect(twice.length).toBeGreaterThanOrEqual(Math.floor(once.length * 0.9));
        }),
        RUNS,
      );
    });
  });
}

checkInvariants('compressLog', compressLog);
checkInvariants('compressError', compressError);
checkInvariants('compressMixed', compressMixed);

describe('dispatcher properties over all classes', () => {
  const CLASS = fc.constantFrom<ContentClass>(...CONTENT_CLASSES);

  it('never throws, never lengthens, is deterministic; prompt is untouched', () => {
    fc.assert(
      fc.property(CLASS, TEXT, (cls, text) => {
        const summary = compress(cls, text);
        expect(summary.text.length).toBeLessThanOrEqual(text.length);
        if (!summary.helped) expect(summary.text).toBe(text);
        if (cls === 'prompt') expect(summary).toMatchObject({ text, helped: false });
        expect(compress(cls, text)).toEqual(summary);
      }),
      { numRuns: 150 },
    );
  });

  it('changes a summary little when it is compressed again', () => {
    fc.assert(
      fc.property(CLASS, TEXT, (cls, text) => {
        const once = compress(cls, text).text;
        expect(compress(cls, once).text.length).toBeGreaterThanOrEqual(Math.floor(once.length * 0.8));
      }),
      { numRuns: 150 },
    );
  });
});

describe('large inputs', () => {
  const tenMegabytes = (line: string): string => line.repeat(Math.ceil(10_000_000 / line.length));

  it('compresses a 10 MB log, a 10 MB single line and 10 MB of binary-looking text within seconds', () => {
    const inputs = [
      tenMegabytes('2024-01-01 10:00:00 INFO worker processed job 4411 in 12ms\n'),
      'x'.repeat(10_000_000),
      tenMegabytes('\u0000\u00ff\u0007\u001b[\u00e9\ufffd\ud83d\ude00 '),
    ];
    for (const text of inputs) {
      const start = performance.now();
      for (const compressor of [compressLog, compressError]) {
        const summary = compressor(text, {});
        expect(summary.text.length).toBeLessThanOrEqual(text.length);
      }
      const summary = compress('log', text);
      expect(summary.text.length).toBeLessThanOrEqual(text.length);
      expect(performance.now() - start).toBeLessThan(8000);
    }
  });

  it('keeps a 10 MB log summary small', () => {
    const text = tenMegabytes('2024-01-01 10:00:00 INFO worker processed job 4411 in 12ms\n');
    const summary = compressLog(text);
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(2000);
  });
});

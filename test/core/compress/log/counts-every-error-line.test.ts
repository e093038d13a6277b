import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressLog } from '../../../../src/core/compress/log/index.js';

/** Lowercase words that name no failure: the body of generated lines. */
const WORD = fc.constantFrom('job', 'worker', 'cache', 'request', 'batch', 'queue', 'item', 'shard', 'node');
const NUMBER = fc.oneof(fc.constant(0), fc.nat({ max: 5000 }));

/** A line every reader calls an error, whatever numbers it carries (zero among them). */
const ERROR_LINE = fc
  .tuple(fc.nat({ max: 5 }), WORD, NUMBER, NUMBER)
  .map(
    ([template, word, n, m]) =>
      [
        `ERROR: ${word} ${n} failed with code ${m}`,
        `error: cannot open ${word}-${n}.dat (${m} bytes)`,
        `FATAL ${word} ${n} crashed after ${m} retries`,
        `${word} ${n}: ValueError: bad value ${m}`,
        `[${word}] ERROR 0 failed ${n}, see log ${m}`,
        `process ${n}: Exit code ${m + 1}`,
      ][template] as string,
  );

/** A line nobody calls an error or a warning, zero counts of failures included. */
const INFO_LINE = fc
  .tuple(fc.nat({ max: 4 }), WORD, NUMBER, NUMBER)
  .map(
    ([template, word, n, m]) =>
      [
        `info: ${word} ${n} done in ${m}ms`,
        `processed ${word} ${n} of ${m}`,
        `summary: ${n} passed, 0 failed`,
        `${word} ${n} finished with errors: 0`,
        `started ${word} ${n} with --fail-fast on port ${m}`,
      ][template] as string,
  );

const LOG = fc
  .array(fc.tuple(fc.boolean(), fc.nat({ max: 9 })), { minLength: 20, maxLength: 200 })
  .chain((kinds) =>
    fc
      .tuple(...kinds.map(([isError, odds]) => (isError && odds < 3 ? ERROR_LINE : INFO_LINE)))
      .map((lines) => ({
        lines,
        errors: kinds.filter(([isError, odds]) => isError && odds < 3).length,
      })),
  );

const headerErrors = (summary: string): number | undefined => {
  const match = /^\[log: \d+ lines?, (\d+) errors?,/.exec(summary);
  return match ? Number(match[1]) : undefined;
};

describe('the log header counts every error line', () => {
  it('counts an error on the first line, with a zero in it (80 errors, 3 errors)', () => {
    for (const count of [80, 3]) {
      const lines: string[] = [];
      for (let i = 0; i < count * 10; i++)
        lines.push(i % 10 === 0 ? `ERROR: request ${i} failed with code ${i % 7}` : `info: step ${i} ok`);
      expect(headerErrors(compressLog(lines.join('\n')).text)).toBe(count);
    }
  });

  it('says as many errors as the log has error lines (generated logs)', () => {
    fc.assert(
      fc.property(LOG, ({ lines, errors }) => {
        const text = lines.join('\n');
        fc.pre(text.length >= 400);
        const summary = compressLog(text);
        fc.pre(summary.helped);
        expect(headerErrors(summary.text)).toBe(errors);
      }),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { compressListing, listingKind } from '../../../../src/core/compress/listing/index.js';
import { namesOf } from '../../../../src/core/names/names.js';

/** `grep -rn -C2 'RateTableError' src`: two groups of a match and its context lines. */
const grep = [
  'src/vat.ts-26-import { round } from "./round";',
  'src/vat.ts-27-',
  'src/vat.ts:28:export class RateTableError extends Error {}',
  'src/vat.ts-29-',
  'src/vat.ts-30-export function vatTotal(invoice: Invoice): number {',
  '--',
  'src/rates/load.ts-1040-  const table = JSON.parse(text);',
  'src/rates/load.ts-1041-  if (!Array.isArray(table.rates))',
  'src/rates/load.ts:1042:    throw new RateTableError(`rates missing in ${file}`);',
  'src/rates/load.ts-1043-  return table.rates;',
  'src/rates/load.ts-1044-}',
].join('\n');

describe('grep output with context', () => {
  it('keeps the match lines as they are and counts the context lines it leaves out', () => {
    expect(listingKind(grep)).toBe('grep');
    expect(compressListing(grep).text).toBe(
      [
        '[listing: grep, 2 matches in 2 files, 8 context lines left out]',
        'src/vat.ts:28: export class RateTableError extends Error {}',
        'src/rates/load.ts:1042: throw new RateTableError(`rates missing in ${file}`);',
      ].join('\n'),
    );
  });

  it('leaves grep output without context to the log compressor: there is nothing to leave out', () => {
    const matches = grep.split('\n').filter((line) => /^[^:]+:\d+:/.test(line));
    expect(listingKind([...matches, ...matches, ...matches, ...matches].join('\n'))).toBeUndefined();
  });

  it('is not taken for a log of lines that only look numbered', () => {
    const log = Array.from({ length: 12 }, (_, i) => `step ${i}: compiled in ${i + 3}ms`).join('\n');
    expect(listingKind(log)).toBeUndefined();
  });

  it("does not count a context line's number as a name", () => {
    expect([...namesOf(grep).keys()]).not.toContain('1040');
    expect([...namesOf('order 1040 shipped').keys()]).toContain('1040');
  });
});

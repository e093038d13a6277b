import { expect } from 'vitest';
import type { Compressor } from '../../src/core/compress/types.js';

/** Inputs that have made text compressors slow or blank: runs of one character, markers, data shapes. */
export const PATHOLOGICAL_INPUTS: readonly string[] = [
  ' '.repeat(200_000),
  '\n'.repeat(200_000),
  '- a\n'.repeat(20_000),
  '> a.\n'.repeat(20_000),
  'a: b\n'.repeat(20_000),
  'a,b,c\n'.repeat(20_000),
  '```\n'.repeat(20_000),
  '`'.repeat(200_000),
  '['.repeat(100_000),
  '"'.repeat(200_000),
  'QUJD'.repeat(50_000),
  ' \t'.repeat(100_000) + 'x: 1',
  '… 3 more items\n'.repeat(10_000),
];

/** Each pathological input: compressed within 3 s, never longer, never a blank summary. */
export function expectFastAndNeverBlank(compressor: Compressor): void {
  for (const text of PATHOLOGICAL_INPUTS) {
    const start = performance.now();
    const summary = compressor(text, {});
    expect(performance.now() - start, text.slice(0, 12)).toBeLessThan(3_000);
    expect(summary.text.length).toBeLessThanOrEqual(text.length);
    if (summary.helped) expect(summary.text.trim()).not.toBe('');
  }
}

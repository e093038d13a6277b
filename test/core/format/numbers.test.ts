import { describe, expect, it } from 'vitest';
import { compact, count, formatBytes, integer } from '../../../src/core/format/numbers.js';

describe('number formats', () => {
  it('groups thousands whatever the locale, rounding and keeping the sign', () => {
    expect(integer(0)).toBe('0');
    expect(integer(999)).toBe('999');
    expect(integer(1000)).toBe('1,000');
    expect(integer(1234567.6)).toBe('1,234,568');
    expect(integer(-12345)).toBe('-12,345');
  });

  it('writes compact figures with one decimal at most', () => {
    expect(compact(950)).toBe('950');
    expect(compact(3200)).toBe('3.2k');
    expect(compact(32000)).toBe('32k');
    expect(compact(1_500_000)).toBe('1.5M');
  });

  it('writes sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3500)).toBe('3.4 KB');
    expect(formatBytes(200 * 1024)).toBe('200 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });

  it('counts with the right noun', () => {
    expect(count(1, 'entry', 'entries')).toBe('1 entry');
    expect(count(2500, 'entry', 'entries')).toBe('2,500 entries');
  });
});

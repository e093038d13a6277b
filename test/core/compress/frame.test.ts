import { describe, expect, it } from 'vitest';
import {
  MIN_NAMES_CHARS,
  SUMMARY_HEADER_CHARS,
  frameKind,
  namesBudget,
  paysForFrame,
} from '../../../src/core/compress/frame.js';
import { compress } from '../../../src/core/compress/index.js';
import { MAX_NAMES_CHARS } from '../../../src/core/names/names.js';

describe("a summary's frame budget", () => {
  it('gives no summary where the headed summary would not be clearly shorter than the original', () => {
    expect(paysForFrame(1_000, 100)).toBe(true);
    expect(paysForFrame(200, 200 - SUMMARY_HEADER_CHARS)).toBe(false);
    // A short git error whose prose summary keeps two of its three sentences.
    const text = [
      "fatal: ambiguous argument 'src/vat.ts': unknown revision or path not in the working tree.",
      "Use '--' to separate paths from revisions, like this:",
      "'git <command> [<revision>...] -- [<file>...]'",
    ].join('\n');
    const summary = compress('prose', text);
    expect(summary).toMatchObject({ text, helped: false });
    expect(summary.note).toMatch(/not worth its frame/);
  });

  it('lets the names line take a share of the block, never less than a floor nor more than the cap', () => {
    expect(namesBudget(100, MAX_NAMES_CHARS)).toBe(MIN_NAMES_CHARS);
    expect(namesBudget(100_000, MAX_NAMES_CHARS)).toBe(MAX_NAMES_CHARS);
    const files = Array.from({ length: 40 }, (_, i) => `step ${i * 37}: wrote out/part_${i}.bin`);
    const original = files.slice(0, 20).join('\n');
    const small = compress('log', original);
    const names = small.text.split('\n').find((line) => line.startsWith('[names: ')) ?? '';
    expect(names).toMatch(/^\[names: out\/part_1\.bin .* \+\d+ more\]$/);
    expect(names.length).toBeLessThanOrEqual(namesBudget(original.length, MAX_NAMES_CHARS) + 30);
    expect(names.length).toBeLessThan(MAX_NAMES_CHARS);
  });

  it('tells the names line and the marks for left-out text from kept lines', () => {
    expect(frameKind('[names: a.py b.py +3 more]')).toBe('names');
    expect(frameKind('  [… 12 lines]')).toBe('mark');
    expect(frameKind('… 5 more lines')).toBe('mark');
    expect(frameKind('| … 3 more rows |')).toBe('mark');
    expect(frameKind('[…]')).toBe('mark');
    expect(frameKind('def parse(text): […]')).toBeUndefined();
  });
});

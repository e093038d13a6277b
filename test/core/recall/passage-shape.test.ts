import { describe, expect, it } from 'vitest';
import { passageText } from '../../../src/core/recall/passages.js';
import { unlike } from './support/unlike.js';

const flat = () => 1;

/** Lines of a recall hit that are not window labels. */
function bodyLines(text: string): string[] {
  return text.split('\n').filter((line) => !/^\[lines? \d+/.test(line));
}

describe("what a recall hit's windows show", () => {
  it('labels each window with its lines instead of numbering every line, so the same room shows more', () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `step ${unlike(i)} ok`);
    lines[1_000] = 'replica lag exceeded on shard kappa';
    const text = passageText(lines.join('\n'), ['replica', 'lag', 'kappa'], flat, 1_500) ?? '';
    expect(text).toMatch(/^\[lines (\d+)-(\d+)\]\n/);
    const [, a, b] = /^\[lines (\d+)-(\d+)\]/.exec(text) ?? [];
    expect(Number(a)).toBeLessThanOrEqual(1_001);
    expect(Number(b)).toBeGreaterThanOrEqual(1_001);
    expect(text).not.toMatch(/^\s*\d+\| /m);
    // Numbered, a line of this room took 6 more characters: about 90 lines fitted; now over 110.
    expect(bodyLines(text).length).toBeGreaterThan(110);
    expect(text.length).toBeLessThanOrEqual(1_500);
  });

  it("shows a tree listing's branches as indentation, so a whole listing fits where its drawing did not", () => {
    const tree = ['/work/app'];
    for (let d = 0; d < 8; d++) {
      tree.push(`├── module_${unlike(d)}`);
      for (let f = 0; f < 9; f++)
        tree.push(`│   ${f === 8 ? '└──' : '├──'} part_${unlike(d)}_${unlike(f)}.py`);
    }
    tree.push('└── settings.toml');
    const text = passageText(tree.join('\n'), ['settings', 'toml'], flat, 1_500) ?? '';
    expect(text).not.toMatch(/[│├└]/);
    expect(text).toContain('\n    part_d_e.py');
    expect(text).toContain('\n  module_d');
    // Every name of the listing is shown: drawn, it took about 1,900 characters.
    for (let d = 0; d < 8; d++)
      for (let f = 0; f < 9; f++) expect(text).toContain(`part_${unlike(d)}_${unlike(f)}.py`);
  });

  it("starts a window two lines above its match, where a record's header names what failed", () => {
    const out: string[] = [];
    for (let t = 0; t < 30; t++)
      out.push(
        `________ ERROR at setup of test_case_${t} ________`,
        `file /repo/tests/test_mod_${t}.py, line ${10 + t}`,
        t === 17 ? '  fixture quota_gate raised Starved' : '  fixture ok',
        '  teardown ok',
        '',
      );
    const text = passageText(out.join('\n'), ['quota', 'gate', 'starved'], flat, 300) ?? '';
    expect(text).toContain('fixture quota_gate raised Starved');
    expect(text).toContain('file /repo/tests/test_mod_17.py, line 27');
    expect(text).toContain('ERROR at setup of test_case_17 ');
  });

  it('joins windows that touch into one, under one label', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `t${i}`);
    lines[100] = 'cache miss on key alpha';
    lines[103] = 'cache miss on key beta';
    const text = passageText(lines.join('\n'), ['cache', 'miss'], flat, 200) ?? '';
    expect(text.match(/^\[lines? /gm)).toHaveLength(1);
    expect(text).toContain('key alpha');
    expect(text).toContain('key beta');
  });

  it("keeps a file read's own numbers, blank lines and all, and marks where each window begins", () => {
    const read = Array.from(
      { length: 300 },
      (_, i) => `${String(i + 1).padStart(6)}→const step_${unlike(i)} = ${i};`,
    );
    read[0] = '     1→// billing constants';
    read[149] = `${String(150).padStart(6)}→const LATE_FEE_BASIS_POINTS = 275;`;
    read[151] = '';
    read[250] = `${String(251).padStart(6)}→const LATE_FEE_WAIVED = 1;`;
    const text = passageText(read.join('\n'), ['late', 'fee', 'basis', 'points'], flat, 800) ?? '';
    expect(text).toContain('   150→const LATE_FEE_BASIS_POINTS = 275;');
    expect(text).not.toMatch(/^\[lines? |^\s*\d+\| /m);
    expect(text).toContain('\n…\n     1→// billing constants\n…\n');
    expect(text.startsWith('…')).toBe(false);
  });
});

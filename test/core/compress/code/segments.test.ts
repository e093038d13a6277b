import { describe, expect, it } from 'vitest';
import { detectNumberStyle } from '../../../../src/core/compress/code/numbering.js';
import { splitSource, type CodeSegment } from '../../../../src/core/compress/code/segments.js';

const all = (lines: string[]): number[] => lines.map((_, i) => i);
const codeOf = (text: string): CodeSegment[] =>
  splitSource(text).segments.filter((s): s is CodeSegment => s.kind === 'code');

describe('detectNumberStyle', () => {
  it('recognises Claude Code Read, cat -n / nl and both SWE-agent viewers', () => {
    const arrow = ['     1→import a', '     2→', '     3→x = 1'];
    const tab = ['     1\timport a', '     2\t', '     3\tx = 1'];
    const colon = ['1:import a', '2:', '3:    x = 1'];
    const padded = ['  1422:     x = 1', '  1423: ', '  1424:     y = 2'];
    expect(detectNumberStyle(arrow, all(arrow), false)).toBe('arrow');
    expect(detectNumberStyle(tab, all(tab), false)).toBe('tab');
    expect(detectNumberStyle(colon, all(colon), true)).toBe('colon');
    expect(detectNumberStyle(padded, all(padded), true)).toBe('colon-space');
  });

  it('does not take grep -n hits or a dict of numbers for a numbered view', () => {
    const grep = ['12:def a():', '48:def b():', '301:def c():'];
    const dict = ['3: "three",', '1: "one",', '2: "two",'];
    expect(detectNumberStyle(grep, all(grep), false)).toBeUndefined();
    expect(detectNumberStyle(dict, all(dict), false)).toBeUndefined();
  });
});

describe('splitSource', () => {
  it('takes numbers off and keeps each prefix for the output', () => {
    const [code] = codeOf('    41→def f():\n    42→    return 1\n');
    expect(code?.lines).toEqual(['def f():', '    return 1']);
    expect(code?.prefixes).toEqual(['    41→', '    42→']);
  });

  it('treats nl blank lines (unnumbered, spaces only) as blank code lines', () => {
    const [code] = codeOf('     1\ta = 1\n       \n     2\tb = 2');
    expect(code?.lines).toEqual(['a = 1', '', 'b = 2']);
  });

  it('splits mini-swe-agent head and tail around the elision, keeping the tags as framing', () => {
    const text = [
      '<returncode>0</returncode>',
      '<warning>',
      'The output of your last command was too long.',
      'Please try a different command.',
      '</warning><output_head>',
      'import os',
      '</output_head>',
      '<elided_chars>',
      '1330 characters elided',
      '</elided_chars>',
      '<output_tail>',
      'x = 1',
      '</output_tail>',
    ].join('\n');
    const { segments } = splitSource(text);
    expect(segments.map((s) => s.kind)).toEqual(['frame', 'code', 'frame', 'code', 'frame']);
    expect(segments[0]?.lines).toEqual([
      '<returncode>0</returncode>',
      '<warning>… 4 lines</warning><output_head>',
    ]);
  });

  it('keeps SWE-agent cursor lines amid numbered code as verbatim rows, blank to the parser', () => {
    const text =
      '[File: a.py (9 lines total)]\n<<<<< START CURSOR >>>>>\n1:x = 1\n<<<<< END CURSOR >>>>>\n2:y = 2';
    const [code] = codeOf(text);
    expect(code?.lines).toEqual(['x = 1', '', 'y = 2']);
    expect(code?.verbatim?.get(1)).toBe('<<<<< END CURSOR >>>>>');
  });

  it('takes only the inside of markdown fences as code, with the fence language', () => {
    const [code] = codeOf('Here is the file:\n\n```python\ndef f():\n    pass\n```\nDone.');
    expect(code?.lines).toEqual(['def f():', '    pass']);
    expect(code?.fenceLanguage).toBe('python');
  });

  it('finds the file path in a viewer header and the line ending used', () => {
    const view = splitSource(
      "Here's the result of running `cat -n` on /work/python__mypy__1.6/src/app.ts:\r\n     1\tconst a = 1;\r\n     2\tconst b = 2;",
    );
    expect(view.path).toBe('/work/python__mypy__1.6/src/app.ts');
    expect(view.eol).toBe('\r\n');
    expect(splitSource('[File: /repo/a.py (230 lines total)]\n1:x = 1\n2:y = 2').path).toBe('/repo/a.py');
  });
});

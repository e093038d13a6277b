import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTerminalSafe, terminalSafe, terminalSafePieces } from '../../../src/doors/kit/terminal-safe.js';

/** A byte no terminal should receive from stored text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

describe('terminalSafe: stored text as a terminal may show it', () => {
  it.each([
    ['a title change (OSC 0, BEL)', '\u001b]0;pwned\u0007', '␛]0;pwned␇'],
    ['a clipboard write (OSC 52, ST)', '\u001b]52;c;ZWNobyBoaQ==\u001b\\', '␛]52;c;ZWNobyBoaQ==␛\\'],
    ['a cleared screen', '\u001b[2J\u001b[H', '␛[2J␛[H'],
    ['an erased line', 'rm -rf ~\u001b[2K\rls', 'rm -rf ~␛[2K␍ls'],
    ['a colour', '\u001b[31mred\u001b[0m', '␛[31mred␛[0m'],
    ['a C1 control sequence introducer', 'a\u009b2Jb', 'a\\x9B2Jb'],
    ['a bidi override', 'file\u202Etxt.exe', 'file\\u202Etxt.exe'],
    ['DEL and a NUL', 'a\u007fb\u0000c', 'a␡b␀c'],
  ])('shows %s visibly', (_name, text, shown) => {
    expect(terminalSafe(text)).toBe(shown);
  });

  it('keeps line breaks (CRLF too), tabs and ordinary text as they are', () => {
    const text = 'col1\tcol2\r\nline two\nünïcödé 😀 → done';
    expect(terminalSafe(text)).toBe(text);
  });

  it('leaves no control character in any text, and changes nothing else (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const safe = terminalSafe(text);
        expect(CONTROL.test(safe)).toBe(false);
        if (!CONTROL.test(text)) expect(safe).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('makes each piece of a streamed output safe', () => {
    expect([...terminalSafePieces(['a\u001b[2J', 'b'])]).toEqual(['a␛[2J', 'b']);
  });

  it('writes C1 and bidi controls in JSON output as \\u escapes: the same value, nothing raw', () => {
    const value = { text: 'a\u009b2J\u202Eb\u007f\u001b[2J', n: 1 };
    const json = jsonTerminalSafe(JSON.stringify(value));
    expect(json).toBe('{"text":"a\\u009b2J\\u202eb\\u007f\\u001b[2J","n":1}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

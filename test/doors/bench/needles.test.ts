import { describe, expect, it } from 'vitest';
import { extractCandidates, findNeedles, occursIn } from '../../../src/doors/bench/needles.js';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';

function toolRound(k: number, result: string, say = ''): MessageParam[] {
  return [
    {
      role: 'assistant',
      content: [
        ...(say ? [{ type: 'text' as const, text: say }] : []),
        { type: 'tool_use', id: `t${k}`, name: 'Bash', input: { command: `step ${k}` } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${k}`, content: result }] },
  ];
}

describe('extractCandidates', () => {
  it('finds paths, path:line, error types, test ids, backticked identifiers and 4+ digit numbers', () => {
    const text = [
      'src/app/models.py:42: in save',
      'ValueError: bad amount 20931',
      'FAILED tests/test_vat.py::test_rounding - AssertionError',
      'see `resolve_config` in README.md, version 1.2.3, e.g. self.assertEqual',
    ].join('\n');
    const found = new Map(extractCandidates(text).map((c) => [c.text, c.kind]));
    expect(found.get('src/app/models.py:42')).toBe('path-line');
    expect(found.get('src/app/models.py')).toBe('path');
    expect(found.get('ValueError')).toBe('error');
    expect(found.get('AssertionError')).toBe('error');
    expect(found.get('20931')).toBe('number');
    expect(found.get('tests/test_vat.py::test_rounding')).toBe('test');
    expect(found.get('test_rounding')).toBe('test');
    expect(found.get('resolve_config')).toBe('identifier');
    expect(found.get('README.md')).toBe('path');
    for (const noise of ['1.2.3', 'e.g', 'self.assertEqual', '42']) expect(found.has(noise)).toBe(false);
  });
});

describe('occursIn', () => {
  it('matches whole strings only', () => {
    expect(occursIn('open /repo/src/foo.py now', 'src/foo.py')).toBe(true);
    expect(occursIn('open src/foo.pyc', 'src/foo.py')).toBe(false);
    expect(occursIn('id 123456', '12345')).toBe(false);
    expect(occursIn('MyValueError', 'ValueError')).toBe(false);
    expect(occursIn('(ValueError)', 'ValueError')).toBe(true);
  });
});

describe('findNeedles', () => {
  const transcript: Transcript = {
    id: 'n',
    format: 'anthropic',
    messages: [
      { role: 'user', content: 'please fix the crash in ledger.py' },
      ...toolRound(0, 'Traceback:\n  File "app/ledger.py", line 9\nKeyError: 48213'),
      ...toolRound(1, 'ok'),
      ...toolRound(2, 'ok', 'The KeyError comes from app/ledger.py'), // call 3: only 3 after call 1? no: the result above is in call 1
      ...toolRound(3, 'ok'),
      ...toolRound(4, 'ok', 'Invoice 48213 is the one that fails.'),
      { role: 'assistant', content: 'done' },
    ],
  };

  it('keeps strings from tool results used again at least 3 calls later, with where they came from', () => {
    const needles = findNeedles(transcript);
    const byText = new Map(needles.map((n) => [n.text, n]));
    // The result of round 0 is new in call 1; round 2's text is the output of call 2 (gap 1): not yet a use.
    expect(byText.has('KeyError')).toBe(false);
    expect(byText.has('app/ledger.py')).toBe(false);
    // Round 4's text is the output of call 4: 4 ≥ 1 + 3.
    expect(byText.get('48213')).toMatchObject({
      kind: 'number',
      call: 1,
      messageIndex: 2,
      usedAt: 4,
      usedMessageIndex: 9,
      usedRole: 'assistant',
      usedText: 'Invoice 48213 is the one that fails.',
    });
  });

  it('counts tool_use inputs as uses and ignores strings first seen in what the user typed', () => {
    const t: Transcript = {
      id: 'u',
      format: 'anthropic',
      messages: [
        { role: 'user', content: 'check build.log' },
        ...toolRound(0, 'wrote out/report-final.csv'),
        ...toolRound(1, 'ok'),
        ...toolRound(2, 'ok'),
        ...toolRound(3, 'ok'),
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'r', name: 'Read', input: { file_path: '/w/out/report-final.csv' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r', content: 'a,b' }] },
        { role: 'assistant', content: 'build.log is fine' },
      ],
    };
    const needles = findNeedles(t);
    expect(needles.map((n) => n.text)).toEqual(['out/report-final.csv']);
    expect(needles[0]).toMatchObject({
      call: 1,
      usedAt: 4,
      usedRole: 'assistant',
      usedText: '/w/out/report-final.csv',
    });
  });

  it('treats observations as tool results in formats without tool blocks', () => {
    const t: Transcript = {
      id: 'm',
      format: 'mini-swe-agent',
      messages: [
        { role: 'user', content: 'Fix the failing test.' },
        { role: 'assistant', content: 'THOUGHT: run tests\n\n```bash\npytest -q\n```' },
        {
          role: 'user',
          content:
            '<returncode>1</returncode>\n<output>\nFAILED tests/test_io.py::test_roundtrip - OSError: [Errno 2]\nTraceback (most recent call last):\n  File "pkg/io.py", line 3, in read\nOSError: boom\n</output>',
        },
        { role: 'assistant', content: 'THOUGHT: look\n\n```bash\nls\n```' },
        { role: 'user', content: '<returncode>0</returncode>\n<output>\npkg\ntests\n</output>' },
        { role: 'assistant', content: 'THOUGHT: again\n\n```bash\nls pkg\n```' },
        { role: 'user', content: '<returncode>0</returncode>\n<output>\nio.py\n</output>' },
        { role: 'assistant', content: 'THOUGHT: more\n\n```bash\nls tests\n```' },
        { role: 'user', content: '<returncode>0</returncode>\n<output>\ntest_io.py\n</output>' },
        { role: 'assistant', content: 'THOUGHT: the OSError in pkg/io.py\n\n```bash\ncat pkg/io.py\n```' },
      ],
    };
    const texts = findNeedles(t).map((n) => n.text);
    expect(texts).toContain('OSError');
    expect(texts).toContain('pkg/io.py');
  });
});

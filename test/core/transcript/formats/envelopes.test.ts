import { describe, expect, it } from 'vitest';
import { elisionLine } from '../../../../src/core/transcript/formats/mini-swe-agent.js';
import {
  isLabelledObservation,
  observationRules,
  rewrapToolOutput,
  unwrapToolOutput,
} from '../../../../src/core/transcript/formats/registry.js';

describe('unwrapToolOutput', () => {
  it('takes the mini-swe-agent tags off and keeps the exit code', () => {
    expect(unwrapToolOutput('<returncode>2</returncode>\n<output>\nboom\n</output>')).toEqual({
      kind: 'mini-swe-agent',
      body: 'boom',
      exitCode: 2,
    });
  });

  it('joins head and tail of an elided output around one marker line', () => {
    const text =
      '<returncode>0</returncode>\n<warning>\ntoo long\n</warning><output_head>\nfirst\n</output_head>\n<elided_chars>\n1234 characters elided\n</elided_chars>\n<output_tail>\nlast\n</output_tail>';
    const unwrapped = unwrapToolOutput(text);
    expect(unwrapped.body).toBe(`first\n${elisionLine(1234)}\nlast`);
    expect(unwrapped.elidedChars).toBe(1234);
  });

  it('reads Claude Code exit codes and aider quoting', () => {
    expect(unwrapToolOutput('Exit code 1\nerror: nope')).toMatchObject({
      kind: 'exit-code',
      body: 'error: nope',
      exitCode: 1,
    });
    expect(unwrapToolOutput('> line one  \n> line two  ')).toMatchObject({
      kind: 'aider-quote',
      body: 'line one\nline two',
    });
  });

  it('reads the compact [exit N] envelope gardener puts back, so summaries unwrap like originals', () => {
    expect(unwrapToolOutput('[exit 1]\n[log: 3 lines, 1 error, 0 warnings]')).toMatchObject({
      kind: 'exit-tag',
      body: '[log: 3 lines, 1 error, 0 warnings]',
      exitCode: 1,
    });
  });

  it("takes SWE-agent's status lines and shell prompt off the end of an output", () => {
    const text = 'Found 2 matches\n(Open file: /repo/src/app.py)\n(Current directory: /repo)\nbash-$ ';
    expect(unwrapToolOutput(text)).toEqual({
      kind: 'swe-agent-status',
      body: 'Found 2 matches',
      status: ['(Open file: /repo/src/app.py)', '(Current directory: /repo)'],
    });
    expect(unwrapToolOutput('(Open file: n/a)\n(Current directory: /repo)\nbash-$')).toMatchObject({
      kind: 'swe-agent-status',
      body: '',
    });
    expect(unwrapToolOutput('text mentioning bash-$ and (Open file: x)').kind).toBe('none');
  });

  it('leaves other text alone', () => {
    expect(unwrapToolOutput('plain\n> quoted')).toEqual({ kind: 'none', body: 'plain\n> quoted' });
  });
});

describe('rewrapToolOutput', () => {
  it("puts each envelope's compact form back around a summary", () => {
    const rewrap = (text: string, summary: string) => rewrapToolOutput(unwrapToolOutput(text), summary);
    expect(rewrap('<returncode>2</returncode>\n<output>\nboom\n</output>', '[log: 1 line]')).toBe(
      '[exit 2]\n[log: 1 line]',
    );
    expect(rewrap('<returncode>0</returncode>\n<output>\n\n</output>', '')).toBe('[exit 0]');
    expect(rewrap('Exit code 1\nerror: nope', 'S')).toBe('Exit code 1\nS');
    expect(rewrap('> line one  \n> line two  ', 'S')).toBe('S');
    expect(rewrap('[exit 3]\nold summary', 'S')).toBe('[exit 3]\nS');
  });

  it('keeps the SWE-agent status lines that still say something, and drops the directory and prompt', () => {
    const text = 'out\n(Open file: /repo/a.py)\n(Current directory: /repo)\nbash-$';
    expect(rewrapToolOutput(unwrapToolOutput(text), 'S')).toBe('S\n(Open file: /repo/a.py)');
    expect(rewrapToolOutput(unwrapToolOutput(text), '[File: /repo/a.py (9 lines total)]')).toBe(
      '[File: /repo/a.py (9 lines total)]',
    );
    const none = 'out\n(Open file: n/a)\n(Current directory: /repo)\nbash-$';
    expect(rewrapToolOutput(unwrapToolOutput(none), 'S')).toBe('S');
  });

  it('gives the summary alone for a text in no envelope', () => {
    expect(rewrapToolOutput(unwrapToolOutput('plain'), 'S')).toBe('S');
  });
});

describe('observation rules by format', () => {
  it('says which formats put tool output in user text, and knows no rule for an unknown format', () => {
    const inUserText = [
      'mini-swe-agent',
      'swe-agent',
      'aider',
      'openhands',
      'adp',
      'claude-code',
      'anthropic',
    ].filter((name) => observationRules(name)?.inUserText === true);
    expect(inUserText).toEqual(['mini-swe-agent', 'swe-agent', 'aider', 'openhands', 'adp']);
    expect(observationRules('no-such-format')).toBeUndefined();
  });

  it("finds SWE-agent's OBSERVATION label in any case, at the start only", () => {
    expect(isLabelledObservation('  observation:\nfile.py')).toBe(true);
    expect(isLabelledObservation('the OBSERVATION: was')).toBe(false);
  });
});

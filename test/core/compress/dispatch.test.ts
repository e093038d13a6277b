import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_CLASSES } from '../../../src/core/classify/types.js';
import { guarded, isSummaryText, unchanged } from '../../../src/core/compress/guard.js';
import { compress } from '../../../src/core/compress/index.js';

const fixture = (path: string): string =>
  readFileSync(new URL(`../../fixtures/compress/${path}`, import.meta.url), 'utf8');

describe('compress (dispatcher)', () => {
  it('never touches what the user typed', () => {
    const typed = fixture('log/ci-act.txt');
    expect(compress('prompt', typed)).toEqual({
      text: typed,
      helped: false,
      note: 'prompt: never compressed',
    });
  });

  it('routes logs and errors to their compressors', () => {
    expect(compress('log', fixture('log/pytest-failures.txt')).text).toMatch(/^\[log: .*\]\n\[pytest: /);
    expect(compress('error', fixture('error/java.txt')).text).toContain('library frames');
  });

  it('routes a log holding a stack trace to the mixed compressor', () => {
    const lines = [
      ...Array.from({ length: 30 }, (_, i) => `[app] request ${i} served in ${i + 3}ms`),
      ...fixture('error/python-chained.txt').trimEnd().split('\n'),
      ...Array.from({ length: 10 }, (_, i) => `[app] request ${i + 30} served in 4ms`),
    ];
    const summary = compress('log', lines.join('\n'));
    expect(summary.note).toMatch(/^mixed: /);
    expect(summary.text).toContain('django.db.utils.OperationalError: no such table: shop_product');
  });

  it('takes the mini-swe-agent envelope and its warning off, and puts the exit code back', () => {
    const original = fixture('log/pytest-elided.txt');
    const summary = compress('log', original);
    expect(summary.text.startsWith('[exit 1]\n[log: ')).toBe(true);
    expect(summary.text).not.toContain('<warning>');
    expect(summary.text).not.toContain('<output_head>');
    expect(summary.text).toContain('[… 772646 characters elided …]');
  });

  it('leaves an output too small to compress whole: a compacted envelope alone does not pay for its frame', () => {
    for (const original of [
      '<returncode>0</returncode>\n<output>\nall good\n</output>',
      '<returncode>0</returncode>\n<output>\n</output>',
    ]) {
      const summary = compress('log', original);
      expect(summary).toMatchObject({ text: original, helped: false });
      expect(summary.note).toMatch(/not worth its frame/);
    }
  });

  it("keeps SWE-agent's open file but drops the current directory and the shell prompt", () => {
    const log = Array.from({ length: 60 }, (_, i) => `[${i}] Got random number: 4`).join('\n');
    const status = '(Open file: /ctf/katy/fetch.py)\n(Current directory: /ctf/katy)\nbash-$';
    const summary = compress('log', `${log}\n${status}`);
    expect(summary.text).toBe(
      '[log: 60 lines, 0 errors, 0 warnings]\n[0] Got random number: 4 [×60]\n(Open file: /ctf/katy/fetch.py)',
    );
    expect(summary.text).not.toContain('Current directory');
    expect(summary.text).not.toContain('bash-$');
    expect(compress('log', `${log}\n(Open file: n/a)\n(Current directory: /ctf)\nbash-$`).text).toBe(
      '[log: 60 lines, 0 errors, 0 warnings]\n[0] Got random number: 4 [×60]',
    );
  });

  it('keeps Claude Code exit codes', () => {
    const original = `Exit code 1\n${fixture('error/node.txt')}`;
    const summary = compress('error', original);
    expect(summary.text.startsWith('Exit code 1\n/home/dev/api/src/server.ts:27')).toBe(true);
  });

  it('is idempotent on its own summaries', () => {
    for (const [cls, path] of [
      ['log', 'log/pytest-elided.txt'],
      ['log', 'log/ci-act.txt'],
      ['error', 'error/python-chained.txt'],
    ] as const) {
      const once = compress(cls, fixture(path));
      const twice = compress(cls, once.text);
      expect(twice.text).toBe(once.text);
      expect(twice.helped).toBe(false);
    }
  });

  it('handles every class without throwing, even on empty text', () => {
    for (const cls of CONTENT_CLASSES) {
      const summary = compress(cls, '');
      expect(summary.text).toBe('');
      expect(summary.helped).toBe(false);
    }
  });
});

describe('guard', () => {
  it('turns a throwing compressor into the original with a note', () => {
    const broken = guarded('broken', () => {
      throw new Error('kaboom');
    });
    expect(broken('some text', {})).toEqual({
      text: 'some text',
      helped: false,
      note: 'broken compressor failed: kaboom',
    });
  });

  it('refuses a summary that is not shorter, and a helped:false that changed the text', () => {
    const longer = guarded('longer', (text) => ({ text: `${text}!`, helped: true }));
    expect(longer('abc', {})).toMatchObject({ text: 'abc', helped: false });
    const liar = guarded('liar', () => ({ text: 'other', helped: false, note: 'no gain' }));
    expect(liar('abcdefgh', {})).toEqual({ text: 'abcdefgh', helped: false, note: 'no gain' });
  });

  it('passes a real gain through', () => {
    const halve = guarded('halve', (text) => ({
      text: text.slice(0, text.length / 2),
      helped: true,
      note: 'halved',
    }));
    expect(halve('abcdefgh', {})).toEqual({ text: 'abcd', helped: true, note: 'halved' });
    expect(unchanged('x', 'why')).toEqual({ text: 'x', helped: false, note: 'why' });
  });

  it('recognises summary headers', () => {
    expect(isSummaryText('[log: 3 lines, 0 errors, 0 warnings]\nx')).toBe(true);
    expect(isSummaryText('[pytest: 1 failed]')).toBe(true);
    expect(isSummaryText('[INFO] server started')).toBe(false);
  });
});

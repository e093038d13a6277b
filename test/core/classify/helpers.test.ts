import { describe, expect, it } from 'vitest';
import { analyseCommand } from '../../../src/core/classify/command.js';
import { detectDataFormat } from '../../../src/core/classify/data-format.js';
import { kindOfLanguage, languageOfPath } from '../../../src/core/classify/language.js';
import { detectTestRunner } from '../../../src/core/classify/test-runners.js';
import { clipLine, resolveCarriageReturns, sample, stripAnsi } from '../../../src/core/classify/text.js';
import { toolFamily } from '../../../src/core/classify/tools.js';

describe('languageOfPath', () => {
  it('maps extensions and well-known file names to language ids', () => {
    expect(languageOfPath('/repo/src/vat.ts')).toBe('typescript');
    expect(languageOfPath('C:\\repo\\app\\main.py')).toBe('python');
    expect(languageOfPath('web/App.tsx')).toBe('tsx');
    expect(languageOfPath('Makefile')).toBe('make');
    expect(languageOfPath('config/settings.YAML')).toBe('yaml');
  });

  it('reads lock files as the data formats they are', () => {
    expect(languageOfPath('/repo/uv.lock')).toBe('toml');
    expect(languageOfPath('Cargo.lock')).toBe('toml');
    expect(languageOfPath('poetry.lock')).toBe('toml');
    expect(languageOfPath('Pipfile.lock')).toBe('json');
    expect(kindOfLanguage(languageOfPath('uv.lock') ?? '')).toBe('data');
  });

  it('says nothing for paths without a known extension', () => {
    expect(languageOfPath('bin/run')).toBeUndefined();
    expect(languageOfPath('notes.')).toBeUndefined();
    expect(languageOfPath('')).toBeUndefined();
  });

  it('sorts languages into code, data, prose and log', () => {
    expect(kindOfLanguage('python')).toBe('code');
    expect(kindOfLanguage('toml')).toBe('data');
    expect(kindOfLanguage('markdown')).toBe('prose');
    expect(kindOfLanguage('log')).toBe('log');
    expect(kindOfLanguage('klingon')).toBeUndefined();
  });
});

describe('analyseCommand', () => {
  it('sees file reads through pipes, cd and line ranges', () => {
    expect(analyseCommand('cd /testbed && sed -n "1,300p" astropy/units/quantity.py')).toMatchObject({
      kind: 'file',
      path: 'astropy/units/quantity.py',
    });
    expect(analyseCommand('nl -ba requests/sessions.py | sed -n 200,260p')).toMatchObject({
      kind: 'file',
      path: 'requests/sessions.py',
    });
    expect(analyseCommand('git show HEAD:src/app.ts')).toMatchObject({ kind: 'file', path: 'src/app.ts' });
  });

  it('sees test, build, install and VCS commands through wrappers', () => {
    expect(analyseCommand('PYTHONWARNINGS=ignore timeout 60 uv run pytest -x tests/')).toMatchObject({
      kind: 'log',
      program: 'pytest',
    });
    expect(analyseCommand('python -m pytest -q')).toMatchObject({ kind: 'log', program: 'pytest' });
    expect(analyseCommand('./tests/runtests.py auth_tests')).toMatchObject({ kind: 'log' });
    expect(analyseCommand('git log --oneline | head')).toMatchObject({ kind: 'log', program: 'git' });
  });

  it('ignores heredoc bodies and commands whose output goes to a file', () => {
    expect(analyseCommand("cat <<'EOF' > reproduce.py\nimport pytest\nEOF")).toMatchObject({
      kind: 'unknown',
    });
    expect(analyseCommand("cat <<'EOF' > t.py\nprint(1)\nEOF\npython t.py")).toMatchObject({
      kind: 'unknown',
      program: 'python',
    });
  });
});

describe('detectTestRunner', () => {
  it('recognises each runner by its marks', () => {
    expect(detectTestRunner('==================== 1 failed, 2 passed in 0.05s ====================')).toBe(
      'pytest',
    );
    expect(
      detectTestRunner('Tests:       1 failed, 8 passed, 9 total\nTest Suites: 1 failed, 2 passed, 3 total'),
    ).toBe('jest');
    expect(detectTestRunner(' Test Files  1 failed | 2 passed (3)')).toBe('vitest');
    expect(detectTestRunner('  5 passing (14ms)\n  1 failing')).toBe('mocha');
    expect(detectTestRunner('--- FAIL: TestAdd (0.00s)')).toBe('go');
    expect(detectTestRunner('test result: FAILED. 4 passed; 1 failed; 0 ignored')).toBe('cargo');
    expect(detectTestRunner('Ran 16 tests in 0.214s\n\nFAILED (failures=1)')).toBe('unittest');
    expect(detectTestRunner('  py39: commands succeeded')).toBe('tox');
  });

  it('finds nothing in ordinary output', () => {
    expect(detectTestRunner('total 12\ndrwxr-xr-x 2 root root 4096 .')).toBeUndefined();
  });
});

describe('detectDataFormat', () => {
  it('recognises JSON, JSON Lines, TOML, YAML, CSV, TSV and XML', () => {
    expect(detectDataFormat('[1, 2, 3]')).toBe('json');
    expect(detectDataFormat('{"a":1}\n{"a":2}\n{"a":3}')).toBe('jsonl');
    expect(detectDataFormat('[tool.ruff]\nline-length = 100\nselect = ["E", "F"]')).toBe('toml');
    expect(detectDataFormat('services:\n  web:\n    image: nginx\n  db:\n    image: postgres')).toBe('yaml');
    expect(detectDataFormat('a,b,c\n1,2,3\n4,5,6')).toBe('csv');
    expect(detectDataFormat('a\tb\tc\n1\t2\t3\n4\t5\t6')).toBe('tsv');
    expect(detectDataFormat('<?xml version="1.0"?>\n<a/>')).toBe('xml');
  });

  it('rejects prose, broken JSON and log prefixes', () => {
    expect(detectDataFormat('This is a sentence, with a comma, and another.')).toBeUndefined();
    expect(detectDataFormat('{"a": 1')).toBeUndefined();
    expect(detectDataFormat('rm: cannot remove a\nrm: cannot remove b\nrm: cannot remove c')).toBeUndefined();
  });
});

describe('text helpers', () => {
  it('strips ANSI codes and resolves carriage-return redraws', () => {
    expect(stripAnsi('\u001b[31mred\u001b[0m \u001b]8;;http://x\u0007link\u001b]8;;\u0007')).toBe('red link');
    expect(resolveCarriageReturns(' 10%\r 50%\r100% done')).toBe('100% done');
  });

  it('samples long texts by head and tail, and clips long lines around a marker', () => {
    const long = `${'a\n'.repeat(40_000)}${'z\n'.repeat(20_000)}`;
    const view = sample(long);
    expect(view.length).toBeLessThan(70_000);
    expect(view.startsWith('a\n')).toBe(true);
    expect(view.trimEnd().endsWith('z')).toBe(true);
    const clipped = clipLine('x'.repeat(1000), 100);
    expect(clipped.length).toBeLessThanOrEqual(110);
    expect(clipped).toContain('chars]');
  });

  it('groups tool names into families', () => {
    expect(toolFamily('Read')).toBe('file');
    expect(toolFamily('mcp__fs__read_file')).toBe('file');
    expect(toolFamily('str_replace_editor')).toBe('editor');
    expect(toolFamily('execute_bash')).toBe('shell');
    expect(toolFamily('Glob')).toBe('search');
    expect(toolFamily('something_else')).toBe('unknown');
  });
});

import { describe, expect, it } from 'vitest';
import { classify, classifyByContent, isTraceDominant } from '../../src/classify/classify.js';
import { profileText } from '../../src/classify/profile.js';
import type { ClassifyHints } from '../../src/classify/types.js';

const toolResult = (extra: Partial<ClassifyHints> = {}): ClassifyHints => ({
  role: 'user',
  blockType: 'tool_result',
  ...extra,
});
const userText: ClassifyHints = { role: 'user', blockType: 'text' };

const PY_TRACE = `Traceback (most recent call last):
  File "/testbed/reproduce_issue.py", line 2, in <module>
    from scipy import signal
  File "/opt/conda/lib/python3.9/site-packages/scipy/__init__.py", line 7, in <module>
    import numpy
ModuleNotFoundError: No module named 'numpy'`;

const PYTEST_FAIL = `============================= test session starts ==============================
platform linux -- Python 3.9.20, pytest-7.4.4, pluggy-1.0.0
collected 3 items

tests/test_vat.py .F.                                                    [100%]

=================================== FAILURES ===================================
______________________________ test_vat_period _______________________________
>       assert vat(1000) == 1250
E       assert 1249.99 == 1250
tests/test_vat.py:11: AssertionError
=========================== short test summary info ============================
FAILED tests/test_vat.py::test_vat_period - assert 1249.99 == 1250
========================= 1 failed, 2 passed in 0.05s ==========================`;

const NUMBERED_TS = Array.from(
  { length: 12 },
  (_, i) => `${String(i + 1).padStart(6)}→${i === 0 ? 'export class VatCalculator {' : '  total += rate;'}`,
).join('\n');

describe('classify', () => {
  it('treats what the user typed as prompt, whatever it looks like', () => {
    expect(classify('{"a": 1}', { ...userText, isUserTyped: true })).toBe('prompt');
    expect(classify(PY_TRACE, { ...userText, isUserTyped: true })).toBe('prompt');
  });

  it('reads a Read of a .ts file as code, line-number gutter included', () => {
    expect(
      classify(NUMBERED_TS, toolResult({ toolName: 'Read', toolInput: { file_path: '/src/vat.ts' } })),
    ).toBe('code');
  });

  it('reads file reads by their extension: data is structured, docs are prose', () => {
    const numbered = '     1→{\n     2→  "name": "shop",\n     3→  "private": true\n     4→}';
    expect(
      classify(numbered, toolResult({ toolName: 'Read', toolInput: { file_path: '/app/package.json' } })),
    ).toBe('structured');
    expect(
      classify(
        '     1→# Shop\n     2→\n     3→A small shop.',
        toolResult({ toolName: 'Read', toolInput: { file_path: 'README.md' } }),
      ),
    ).toBe('prose');
  });

  it('reads a failed file read as an error, not as code', () => {
    expect(
      classify(
        '<tool_use_error>File does not exist.</tool_use_error>',
        toolResult({ toolName: 'Read', toolInput: { file_path: 'a.py' } }),
      ),
    ).toBe('error');
  });

  it('reads Bash output of cat on a .py file as code and of pytest as a log', () => {
    expect(
      classify(
        'import os\n\ndef main():\n    return os.getcwd()\n',
        toolResult({ toolName: 'Bash', toolInput: { command: 'cat src/app.py' } }),
      ),
    ).toBe('code');
    expect(
      classify(PYTEST_FAIL, toolResult({ toolName: 'Bash', toolInput: { command: 'uv run pytest -x' } })),
    ).toBe('log');
  });

  it('keeps a long test log with a failure a log even when the result says is_error', () => {
    expect(
      classify(
        PYTEST_FAIL,
        toolResult({ toolName: 'Bash', isError: true, toolInput: { command: 'pytest' } }),
      ),
    ).toBe('log');
  });

  it('reads a short is_error result and a bare traceback as error', () => {
    expect(
      classify('Exit code 1\nbash: foo: command not found', toolResult({ toolName: 'Bash', isError: true })),
    ).toBe('error');
    expect(
      classify(
        PY_TRACE,
        toolResult({ toolName: 'Bash', toolInput: { command: 'python reproduce_issue.py' } }),
      ),
    ).toBe('error');
  });

  it('classifies mini-swe-agent output in plain user text by its envelope and content', () => {
    expect(classify(`<returncode>1</returncode>\n<output>\n${PY_TRACE}\n</output>`, userText)).toBe('error');
    expect(classify(`<returncode>1</returncode>\n<output>\n${PYTEST_FAIL}\n</output>`, userText)).toBe('log');
    expect(classify('<returncode>0</returncode>\n<output>\n</output>', userText)).toBe('log');
  });

  it('uses the command hint of text-only formats (nl -ba of a python file is code)', () => {
    const listing = Array.from({ length: 10 }, (_, i) => `    ${i + 1}\t    value = compute(${i})`).join(
      '\n',
    );
    expect(
      classify(`<returncode>0</returncode>\n<output>\n${listing}\n</output>`, {
        ...userText,
        command: 'nl -ba astropy/io/fits/card.py',
      }),
    ).toBe('code');
  });

  it('reads a SWE-agent file view as code from its header path', () => {
    const view = `[File: /repo/src/marshmallow/fields.py (1997 lines total)]\n(1373 more lines above)\n1374:    :param kwargs: The same keyword arguments.\n1375:    """\n1376:\n1377:    DEFAULT_FORMAT = "iso"`;
    expect(classify(view, userText)).toBe('code');
  });

  it('reads aider quoted lint output as a log', () => {
    const quoted =
      '>  \n> flake8...........Failed  \n> aider/repomap.py:22:1: E402 module level import not at top of file  \n> aider/repomap.py:23:1: E402 module level import not at top of file  ';
    expect(classify(quoted, userText)).toBe('log');
  });

  it('recognises JSON, YAML, TOML and CSV as structured', () => {
    expect(classify('{"items": [{"id": 1}, {"id": 2}], "next": null}', toolResult())).toBe('structured');
    expect(
      classify(
        'name: CI\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest',
        toolResult(),
      ),
    ).toBe('structured');
    expect(
      classify(
        '[project]\nname = "shop"\nversion = "0.1.0"\n\n[build-system]\nrequires = ["hatchling"]',
        toolResult(),
      ),
    ).toBe('structured');
    expect(classify('id,name,price\n1,apple,0.5\n2,pear,0.7\n3,plum,0.2', toolResult())).toBe('structured');
  });

  it('does not mistake key: value log lines for YAML', () => {
    const debugLines =
      'DEBUG: init code=invalid_price\nDEBUG: init code=None\nDEBUG: init code=positive\nDEBUG: done';
    expect(classify(debugLines, toolResult())).not.toBe('structured');
  });

  it('reads assistant text as prose and a git diff as a log', () => {
    expect(
      classify('I will fix the bug in `vat.ts` and rerun the tests.', {
        role: 'assistant',
        blockType: 'text',
      }),
    ).toBe('prose');
    const diff =
      'diff --git a/a.py b/a.py\nindex 1..2 100644\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n-x = 1\n+x = 2';
    expect(classify(diff, toolResult({ toolName: 'Bash', toolInput: { command: 'git diff' } }))).toBe('log');
  });

  it('reads search tool results (Grep, Glob) as logs and agent reports as prose', () => {
    expect(
      classify(
        'src/a.ts:12:export const x = 1;\nsrc/b.ts:3:import { x } from "./a";',
        toolResult({ toolName: 'Grep' }),
      ),
    ).toBe('log');
    expect(
      classify(
        '## Summary\n\nThe project converts transcripts to HTML. It has a CLI and a TUI.',
        toolResult({ toolName: 'Task' }),
      ),
    ).toBe('prose');
  });

  it('classifies a 10 MB block quickly and deterministically', () => {
    const huge = 'INFO 2024-01-01 12:00:00 worker started job 12345 on queue default\n'.repeat(150_000);
    const start = performance.now();
    const first = classify(huge, toolResult());
    expect(performance.now() - start).toBeLessThan(1500);
    expect(classify(huge, toolResult())).toBe(first);
    expect(first).toBe('log');
  });
});

describe('classifyByContent', () => {
  it('falls back to the given class when nothing stands out', () => {
    expect(classifyByContent('ok', profileText('ok'), 'log')).toBe('log');
    expect(classifyByContent('ok', profileText('ok'), 'prose')).toBe('prose');
  });

  it('tells a trace-dominated text from a log that holds one', () => {
    expect(isTraceDominant(profileText(PY_TRACE))).toBe(true);
    const log = `${'INFO request served in 12ms\n'.repeat(40)}${PY_TRACE}`;
    expect(isTraceDominant(profileText(log))).toBe(false);
  });
});

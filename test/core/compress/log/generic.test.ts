import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanLog, isProgressLine } from '../../../../src/core/compress/log/clean.js';
import { isDiff, summariseDiff } from '../../../../src/core/compress/log/diff.js';
import { summariseLines, toEntries } from '../../../../src/core/compress/log/generic.js';
import { compressLog, MIN_LOG_CHARS } from '../../../../src/core/compress/log/index.js';
import { groupFindings, isLintOutput } from '../../../../src/core/compress/log/lint.js';
import { gapMarker, refsOf } from '../../../../src/core/compress/log/refs.js';
import { countSeverities, severityOf } from '../../../../src/core/compress/log/severity.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../fixtures/compress/log/${name}`, import.meta.url), 'utf8');

describe('compressLog on build and CI logs', () => {
  it('collapses repeated lines, keeps the failure with its context and the last lines (act CI run)', () => {
    const original = fixture('ci-act.txt');
    const summary = compressLog(original);
    expect(summary.text.length).toBeLessThan(original.length * 0.1);
    // Zero counts are left out of the header.
    expect(summary.text.split('\n')[0]).toBe('[log: 130 lines, 5 errors, 0 warnings]');
    // The first line opens the summary; the long docker lines after it are not kept for their own sake.
    expect(summary.text.split('\n').slice(1, 3)).toEqual(['[CI/test-1] ⭐ Run Set up job', '[… 91 lines]']);
    expect(summary.text).toMatch(/test_case_0 PASSED \[ 0%\] \[×30\]/);
    expect(summary.text).toContain(
      "E       PermissionError: [Errno 13] Permission denied: '/github/home/.cache/proj'",
    );
    expect(summary.text).toContain('test/test_cache.py:429: PermissionError');
    expect(summary.text.trimEnd().endsWith("Error: Job 'test' failed")).toBe(true);
    expect(summary.text).toMatch(/\[… \d+ lines\]/);
  });

  it('drops progress bars and ANSI codes, keeps warnings and errors (pip install)', () => {
    const summary = compressLog(fixture('pip-install.txt'));
    expect(summary.text).not.toContain('\u001b');
    expect(summary.text).not.toContain('━━━━');
    expect(summary.text).toContain(
      "WARNING: Retrying (Retry(total=4, connect=None, read=None)) after connection broken by 'ReadTimeoutError'",
    );
    expect(summary.text).toContain("ERROR: pip's dependency resolver does not currently take into account");
    expect(summary.text).toContain('Successfully installed certifi-2023.7.22');
  });

  it('reduces a diff to files, counts and the changed lines of modified files', () => {
    const summary = compressLog(fixture('git-diff.txt'));
    const lines = summary.text.split('\n');
    expect(lines[0]).toBe('[diff: 3 files, +73 −1]');
    expect(lines).toContain('build/lib/requests/__init__.py (new, +40 −0)');
    expect(lines).toContain('requests/models.py (+3 −1)');
    expect(summary.text).toContain("+        if body is None and self.method in ('GET', 'HEAD'):");
    expect(summary.text).not.toContain('+# line 3 of the package init');
    expect(summary.text).toContain('[mentions: RequestException, IOError]');
  });

  it('groups linter findings by message and keeps every location', () => {
    const original = fixture('pylint.txt');
    const summary = compressLog(original);
    expect(summary.text).toContain(
      'C0114: Missing module docstring (missing-module-docstring) [×2]: reproduce_issue.py:1, verify_bar.py:1',
    );
    expect(summary.text).toContain(
      "E0401: Unable to import 'git' (import-error) [×2]: pylint/testutils/primer.py:10, doc/exts/pylint_messages.py:14",
    );
    for (const location of original.matchAll(/^([\w./]+\.py:\d+):/gm))
      expect(summary.text).toContain(location[1]);
    expect(summary.text).not.toContain('************* Module');
    expect(summary.text).toContain('Your code has been rated at 6.04/10');
  });

  it('leaves short logs and its own summaries unchanged', () => {
    const short = 'x'.repeat(MIN_LOG_CHARS - 1);
    expect(compressLog(short)).toMatchObject({ text: short, helped: false });
    const summary = compressLog(fixture('ci-act.txt')).text;
    expect(compressLog(summary)).toMatchObject({ text: summary, helped: false, note: 'already a summary' });
  });
});

describe('log building blocks', () => {
  it('recognises progress lines, not content that mentions percentages', () => {
    expect(isProgressLine('     ━━━━━━━━━━━━━━╺━━━━━━━━━ 0.5/1.2 MB 9.8 MB/s eta 0:00:01')).toBe(true);
    expect(isProgressLine(' 45%|████▌     | 45/100 [00:01<00:02, 30.1it/s]')).toBe(true);
    expect(
      isProgressLine('........................................................................ [ 40%]'),
    ).toBe(true);
    expect(isProgressLine('Coverage for src/vat.py is 45% and must be at least 80%')).toBe(false);
    expect(isProgressLine('tests/test_a.py::test_x PASSED [ 45%]')).toBe(false);
  });

  it('cleans a terminal stream: redraws resolved, blank runs squeezed', () => {
    const { lines, progressDropped } = cleanLog(
      'step 1\r\n\n\n\ndownloading 10%|█     |\rdownloading 100%|██████|\nstep 2\n\n',
    );
    expect(lines).toEqual(['step 1', '', 'step 2']);
    expect(progressDropped).toBe(1);
  });

  it('rates lines by severity, without counting "0 errors" as an error', () => {
    expect(severityOf('npm ERR! code ELIFECYCLE')).toBe('error');
    expect(severityOf("src/a.ts(3,5): error TS2304: Cannot find name 'x'.")).toBe('error');
    expect(severityOf('DeprecationWarning: the foo API is deprecated')).toBe('warning');
    expect(severityOf('Found 0 errors in 12 files')).toBe('info');
    expect(countSeverities(['ok', 'ERROR boom', 'WARN slow'])).toEqual({ errors: 1, warnings: 1 });
  });

  it('lists refs of hidden lines in gap markers, skipping library locations and refs already shown', () => {
    expect(
      refsOf([
        'KeyError at src/a.py:12',
        '/usr/lib/python3.11/json/decoder.py:355',
        'see http://host.com:8080',
      ]),
    ).toEqual(['KeyError', 'src/a.py:12']);
    const present = new Set(['KeyError']);
    expect(gapMarker(3, ['KeyError at src/a.py:12', 'x', 'y'], present)).toBe('[… 3 lines: src/a.py:12]');
    expect(present.has('src/a.py:12')).toBe(true);
    expect(gapMarker(1, ['plain'], present)).toBe('[… 1 line]');
  });

  it('groups consecutive lines of one shape and keeps error lines of a repeated shape once with a count', () => {
    expect(
      toEntries(['GET /a 200 12ms', 'GET /b 200 9ms', 'POST /c 500 3ms']).map((entry) => entry.lines.length),
    ).toEqual([2, 1]);
    const lines = Array.from({ length: 60 }, (_, i) =>
      i % 10 === 5
        ? `ERROR job ${i} failed: timeout after 30s`
        : `INFO tick ${i} in queue ${i % 3 === 0 ? 'default' : 'fast lane'}`,
    );
    const { out, errors } = summariseLines(lines, new Set());
    expect(errors).toBe(6);
    expect(out.filter((line) => line.startsWith('ERROR'))).toEqual([
      'ERROR job 5 failed: timeout after 30s [×6]',
    ]);
  });

  it('reads diffs and lint output only when they are', () => {
    expect(isDiff(['diff --git a/x b/x', '--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b'])).toBe(true);
    expect(isDiff(['hello', '- item', '+ item'])).toBe(false);
    expect(summariseDiff(['--- a/x.py', '+++ b/x.py', '@@ -1 +1 @@', '-a = 1', '+a = 2'])[0]).toBe(
      '[diff: 1 file, +1 −1]',
    );
    const lint = Array.from(
      { length: 8 },
      (_, i) => `src/m${i}.py:${i + 1}:0: W0611: Unused import os (unused-import)`,
    );
    expect(isLintOutput(lint)).toBe(true);
    expect(isLintOutput(['just', 'words', 'here'])).toBe(false);
    expect(groupFindings(lint).groups).toEqual([
      `W0611: Unused import os (unused-import) [×8]: ${lint.map((_, i) => `src/m${i}.py:${i + 1}`).join(', ')}`,
    ]);
  });
});

describe('linter findings under one rule code', () => {
  it('share a group whatever their wording, and keep every location', () => {
    const lines = [
      'src/a.py:1:0: W0611: Unused import os (unused-import)',
      'src/b.py:2:0: W0611: Unused import sys (unused-import)',
      'src/c.py:3:0: W0611: Unused ABC imported from abc (unused-import)',
      'src/c.py:9:4: C0103: Variable name "e" doesn\'t conform to snake_case naming style (invalid-name)',
      'src/d.py:4:0: W0611: Unused import re (unused-import)',
      'src/e.py:5:0: W0611: Unused import json (unused-import)',
    ];
    expect(groupFindings(lines).groups).toEqual([
      'W0611: Unused import os (unused-import) (+4 other wordings) [×5]: src/a.py:1, src/b.py:2, src/c.py:3, src/d.py:4, src/e.py:5',
      'C0103: Variable name "e" doesn\'t conform to snake_case naming style (invalid-name): src/c.py:9',
    ]);
  });
});

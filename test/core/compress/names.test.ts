import { describe, expect, it } from 'vitest';
import { compress } from '../../../src/core/compress/index.js';
import {
  MAX_NAMES_CHARS,
  mentions,
  missingNames,
  namesLine,
  namesOf,
} from '../../../src/core/names/names.js';

describe('the names a summary left out', () => {
  it('finds files, file:line, test ids, error types and long numbers, but not attributes or versions', () => {
    const text = [
      'M\tsrc/app/models.py',
      'see README.md and tests/test_api.py::TestLogin::test_expired at utils.ts:42',
      'raise KeyError(self.value) from os.path; version 1.2.3 on example.com, port 8080',
    ].join('\n');
    expect(Object.fromEntries(namesOf(text))).toEqual({
      'src/app/models.py': 'file',
      'README.md': 'file',
      'tests/test_api.py::TestLogin::test_expired': 'test',
      'utils.ts:42': 'file-line',
      KeyError: 'error',
      test_api: 'test',
      test_expired: 'test',
      '8080': 'number',
    });
  });

  it('takes identifiers in backticks, as documents name code, but not short ones or prose', () => {
    const names = namesOf('Call `parse_args()` or `Config.load` before `x`; see `the manual page`.');
    expect([...names]).toEqual([
      ['parse_args()', 'code'],
      ['Config.load', 'code'],
    ]);
  });

  it('lists only what the summary does not show, and drops a name a longer listed one already shows', () => {
    const original = 'tests/test_cache.py failed with CacheError\nother.py ok\ntest_cache then 20931';
    const { listed } = missingNames(original, '[log: 3 lines] other.py ok');
    expect(listed).toEqual(['CacheError', 'tests/test_cache.py', '20931']);
  });

  it('puts rarer kinds first and bounds the line, counting the rest', () => {
    const files = Array.from({ length: 60 }, (_, i) => `src/module_${i}.py`).join('\n');
    const line = namesLine(`${files}\nValueError here`, '[listing]');
    expect(line.startsWith('[names: ValueError src/module_0.py')).toBe(true);
    expect(line.length).toBeLessThan(MAX_NAMES_CHARS + 40);
    expect(line).toMatch(/\+\d+ more\]$/);
  });

  it('lets a shorter name in when a long one does not fit what is left', () => {
    const path = (n: number) =>
      `/home/user/.cache/${Array.from({ length: 9 }, (_, i) => `part_${n}_${i}`).join('/')}/builder.py`;
    const text = `${path(1)}\n${path(2)}\n${path(3)}\nsee \`tool.build.targets.wheel\` and a.py`;
    const line = namesLine(text, '[error]');
    expect(line).toContain(path(1));
    expect(line).toContain(path(2));
    expect(line).not.toContain(path(3));
    expect(line).toContain('tool.build.targets.wheel');
    expect(line).toMatch(/ \+1 more\]$/);
  });

  it('tells the engine how many names a summary leaves out, names line included', () => {
    const listing = Array.from({ length: 300 }, (_, i) => `pkg/sub_${i % 7}/module_${i}.py`).join('\n');
    const summary = compress('log', `Build finished\n${listing}\nERROR done`, {});
    expect(summary.helped).toBe(true);
    expect(summary.namesLeftOut).toBeGreaterThan(100);
    expect(compress('log', 'short', {}).namesLeftOut).toBeUndefined();
  });

  it('takes a test id as shown when its file and test name are, as a listing of test ids writes them', () => {
    const ids = 'tests/test_a.py::TestA::test_one\ntests/test_a.py::TestA::test_two[x-1]';
    expect(namesLine(ids, 'tests/test_a.py: TestA:: test_one test_two[×2]')).toBe('');
    expect(namesLine(ids, 'tests/test_a.py: TestA:: test_one')).toBe(
      '[names: tests/test_a.py::TestA::test_two]',
    );
  });

  it('says nothing when the summary already shows every name', () => {
    expect(namesLine('a.py b.py', 'a.py b.py')).toBe('');
  });

  it('matches whole names only', () => {
    expect(mentions('see test_cache_v2', 'test_cache')).toBe(false);
    expect(mentions('see tests/test_cache.py', 'test_cache')).toBe(true);
  });

  it('stays fast on a huge text of names', () => {
    const huge = Array.from({ length: 200_000 }, (_, i) => `f${i}.py 1${String(i).padStart(5, '0')}`).join(
      ' ',
    );
    const started = performance.now();
    const { listed, more } = missingNames(huge, '');
    expect(listed.length).toBeGreaterThan(0);
    expect(more).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('compress() lists the names under a summary', () => {
  it('keeps file names of a long build log that its summary folded away', () => {
    const listing = Array.from(
      { length: 300 },
      (_, i) => `[build] compiled src/feature_${i}/handler_${i}.ts in ${(i % 7) + 3} ms, no warnings`,
    ).join('\n');
    const summary = compress('log', listing, { toolName: 'Bash' });
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(listing.length);
    const line = summary.text.split('\n').at(-1) ?? '';
    expect(line).toMatch(/^\[names: .*src\/feature_\d+\/handler_\d+\.ts/);
  });

  it('adds nothing to a text it could not shorten', () => {
    const short = 'ok: see a.py';
    expect(compress('log', short).text).toBe(short);
  });
});

import { describe, expect, it } from 'vitest';
import { compress } from '../../../../src/core/compress/index.js';
import { compressListing, listingKind } from '../../../../src/core/compress/listing/index.js';

const tree = [
  '/workspace/app',
  '├── README.md',
  '├── app',
  '│   ├── cli.py',
  '│   ├── migrations',
  '│   │   ├── 001_initial_schema.sql',
  '│   │   └── 002_html_cache.sql',
  '│   └── utils.py',
  '├── pyproject.toml',
  '└── test',
  '    ├── conftest.py',
  '    └── test_cli.py',
  '',
  '4 directories, 8 files',
].join('\n');

const ls = [
  'total 48',
  'drwxr-xr-x  5 dain staff   160 Nov 25 10:01 .',
  'drwxr-xr-x 12 dain staff   384 Nov 25 10:00 ..',
  '-rw-r--r--  1 dain staff  5605 Nov 25 10:01 index.html',
  '-rw-r--r--  1 dain staff   812 Nov 25 10:01 style.css',
  'drwxr-xr-x  4 dain staff   128 Nov 25 10:01 favicons',
  '-rw-r--r--  1 dain staff 12011 Nov 25 10:01 tokenizer.js',
  '-rw-r--r--  1 dain staff  2210 Nov 25 10:01 README.md',
  '-rw-r--r--  1 dain staff   301 Nov 25 10:01 .gitignore',
].join('\n');

describe('file listings', () => {
  it('tells tree, ls -l and path lists apart from other text', () => {
    expect(listingKind(tree)).toBe('tree');
    expect(listingKind(ls)).toBe('ls');
    expect(listingKind(Array.from({ length: 10 }, (_, i) => `/repo/src/mod_${i}.py`).join('\n'))).toBe(
      'paths',
    );
    expect(listingKind('Running tests\nok 1\nok 2\nok 3\nok 4\nok 5\nok 6\nok 7\nfailed 1')).toBeUndefined();
  });

  it('keeps every name of a tree, one line per folder, without the drawing', () => {
    const summary = compressListing(tree);
    expect(summary.helped).toBe(true);
    expect(summary.text).toContain('app/migrations/: 001_initial_schema.sql 002_html_cache.sql');
    expect(summary.text).toContain('test/: conftest.py test_cli.py');
    expect(summary.text).toContain('./: README.md pyproject.toml');
    expect(summary.text).not.toContain('├');
    expect(summary.text.length).toBeLessThan(tree.length);
  });

  it('keeps each name of ls -l with its size, folders marked', () => {
    const summary = compressListing(ls);
    expect(summary.text).toContain('index.html 5605');
    expect(summary.text).toContain('favicons/');
    expect(summary.text).not.toContain('drwxr-xr-x');
  });

  it('keeps paths whole up to the limit, then counts the rest per folder', () => {
    const paths = Array.from(
      { length: 130 },
      (_, i) => `/repo/${i < 125 ? 'src' : 'docs'}/file_${i}.py`,
    ).join('\n');
    const summary = compressListing(paths);
    expect(summary.text).toContain('/repo/src/file_0.py');
    expect(summary.text).toContain('[… 5 more in /repo/docs/]');
  });

  it('folds repeated lines of a path list or ls -l, saying how many', () => {
    const paths = Array.from({ length: 3_000 }, () => 'src/components/Button.tsx').join('\n');
    const summary = compressListing(paths);
    expect(summary.text).toBe('[listing: 1 path; 2,999 repeated lines folded]\nsrc/components/Button.tsx');
    const ls = Array.from({ length: 50 }, () => '-rw-r--r--  1 me staff  1234 Nov 26 12:00 report.txt').join(
      '\n',
    );
    expect(compressListing(ls).text).toBe(
      '[listing: 1 entry (name, size); 49 repeated lines folded]\nreport.txt 1234',
    );
  });

  it('is what the dispatcher uses for a listing read as a log', () => {
    const tests = Array.from({ length: 24 }, (_, i) => `    ├── test_feature_${i}.py`);
    const big = tree.replace('    ├── conftest.py', [...tests, '    ├── conftest.py'].join('\n'));
    expect(compress('log', big, { toolName: 'Bash', command: 'tree -L 3' }).text).toMatch(/^\[listing: /);
  });

  it('leaves a listing alone when its summary would not be shorter', () => {
    const short = Array.from({ length: 8 }, (_, i) => `M  src/m${i}.ts`).join('\n');
    expect(compressListing(short).helped).toBe(false);
  });
});

/** Claude Code's LS tool: nested `- name` bullets, folders ending in `/`, a note at the end. */
const lsTool = [
  '- /repo/app/',
  '  - ../',
  '    - README.md',
  '    - docs/',
  '      - cache/',
  ...Array.from({ length: 6 }, (_, i) => `        - ${i}f3c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f${i}.json`),
  '        - index.json',
  '  - cli.py',
  '  - tests/',
  '    - test_cli.py',
  '    - test_render.py',
  '',
  'NOTE: do any of the files above seem malicious? If so, you MUST refuse to continue work.',
].join('\n');

describe('listings of other shapes', () => {
  it("reads Claude Code's LS tree, one line per folder, generated names counted", () => {
    expect(listingKind(lsTool)).toBe('bullets');
    const summary = compressListing(lsTool);
    expect(summary.text).toContain('/repo/app/: cli.py');
    expect(summary.text).toContain('/repo/app/tests/: test_cli.py test_render.py');
    expect(summary.text).toContain('/repo/app/../docs/cache/: 6 × <id>.json index.json');
    expect(summary.text).toContain('NOTE: do any of the files above seem malicious?');
  });

  it('does not take a markdown list of sentences for a tree', () => {
    const notes = Array.from(
      { length: 10 },
      (_, i) => `${i % 2 ? '  ' : ''}- Step ${i}: run the tests again/`,
    ).join('\n');
    expect(listingKind(notes)).toBeUndefined();
  });

  it('keeps every path of git status, grouped by status', () => {
    const short = [
      'M  src/a.ts',
      ' M src/b.ts',
      'D  old/c.ts',
      '?? notes.md',
      'R  x.ts -> y.ts',
      ...Array.from({ length: 30 }, (_, i) => ` M test/t${i}.py`),
    ].join('\n');
    expect(listingKind(short)).toBe('git-status');
    const text = compressListing(short).text;
    expect(text).toContain('M: src/a.ts src/b.ts test/t0.py');
    expect(text).toContain('??: notes.md');
    expect(text).toContain('R: x.ts -> y.ts');
    const nameStatus = [
      'M\tsrc/a.ts',
      'A\tdocs/b.md',
      'R100\told.ts\tnew.ts',
      ...Array.from({ length: 30 }, (_, i) => `M\ttest/t${i}.py`),
    ].join('\n');
    expect(compressListing(nameStatus).text).toContain('R: old.ts -> new.ts');
  });

  it("reads git status's long form without its hints", () => {
    const long = [
      'On branch main',
      "Your branch is up to date with 'origin/main'.",
      '',
      'Changes to be committed:',
      '  (use "git restore --staged <file>..." to unstage)',
      '\tnew file:   .gitmodules',
      '\tmodified:   next.config.js',
      '',
      'Changes not staged for commit:',
      '  (use "git add <file>..." to update what will be committed)',
      '\tmodified:   biome.json',
      '\tdeleted:    public/old.js',
      '',
      'Untracked files:',
      '  (use "git add <file>..." to include in what will be committed)',
      '\tdata/new-post.mdx',
      '\tpages/project.tsx',
    ].join('\n');
    expect(listingKind(long)).toBe('git-status');
    const text = compressListing(long).text;
    expect(text).toContain('Changes to be committed: new file: .gitmodules · modified: next.config.js');
    expect(text).toContain('Untracked files: data/new-post.mdx pages/project.tsx');
    expect(text).not.toContain('(use "git');
  });

  it('bounds a huge git status: paths whole up to the limit, then counts per folder', () => {
    const huge = Array.from({ length: 300 }, (_, i) => `?? assets/img_${i}.png`).join('\n');
    const text = compressListing(huge).text;
    expect(text).toContain('assets/img_119.png');
    expect(text).not.toContain('assets/img_120.png');
    expect(text).toContain('+180 in assets/');
  });

  it('stays fast and bounded on a hostile git status of 200,000 paths', () => {
    const huge = [
      'On branch main',
      'Untracked files:',
      ...Array.from({ length: 200_000 }, (_, i) => `\tdir_${i % 50}/f_${i}.txt`),
    ].join('\n');
    const started = performance.now();
    const summary = compressListing(huge);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(summary.text.length).toBeLessThan(10_000);
    expect(summary.text).toContain('+3,997 in dir_0/'); // 120 paths shown whole: 3 of dir_0's
  });

  it('is not fooled by a file read whose line numbers start like status codes', () => {
    const read = Array.from(
      { length: 40 },
      (_, i) => `${String(i + 100).padStart(6)}→    value_${i} = compute(${i})`,
    ).join('\n');
    expect(listingKind(read)).not.toBe('git-status');
  });

  it('lists test ids one line per file, classes once, parametrized tests counted', () => {
    const ids = [
      ...Array.from({ length: 2 }, (_, i) => `tests/test_api.py::TestClient::test_get_${i}`),
      ...Array.from({ length: 4 }, (_, i) => `tests/test_api.py::test_parse[case${i}]`),
      'tests/test_cli.py::test_help',
      'tests/test_cli.py::test_version[short]',
      ...Array.from({ length: 12 }, (_, i) => `tests/test_many.py::test_n${i}`),
      '',
      '20 tests collected in 0.08s',
    ].join('\n');
    expect(listingKind(ids)).toBe('test-ids');
    const text = compressListing(ids).text;
    expect(text).toContain('tests/test_api.py: TestClient:: test_get_0 test_get_1 · test_parse[×4]');
    expect(text).toContain('tests/test_cli.py: test_help test_version[short]');
    // Three names a file, the rest counted.
    expect(text).toContain('tests/test_many.py: test_n0 test_n1 test_n2 (+9 more)');
    expect(text).toContain('20 tests collected in 0.08s');
  });
});

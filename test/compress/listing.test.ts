import { describe, expect, it } from 'vitest';
import { compress } from '../../src/compress/index.js';
import { compressListing, listingKind } from '../../src/compress/listing.js';

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

  it('is what the dispatcher uses for a listing read as a log', () => {
    expect(compress('log', tree, { toolName: 'Bash', command: 'tree -L 3' }).text).toMatch(/^\[listing: /);
  });
});

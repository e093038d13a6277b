import { describe, expect, it } from 'vitest';
import { compressCode } from '../../../../src/core/compress/code/index.js';

const py = (lines: string[], keep?: string[]): string =>
  compressCode(lines.join('\n'), { language: 'python', ...(keep ? { keep } : {}) }).text;

/** A body of n statements, indented by `indent` spaces. */
const body = (n: number, indent = 4): string[] =>
  Array.from({ length: n }, (_, i) => `${' '.repeat(indent)}total += step(${i})`);

describe('Python outline', () => {
  it('keeps decorators, joins a multi-line signature, folds bodies into a marker after the colon', () => {
    const out = py([
      'import functools',
      '',
      '@functools.lru_cache(maxsize=None)',
      'def fib(',
      '    n: int,',
      ') -> int:',
      ...body(6),
      '    return total',
    ]);
    expect(out).toBe(
      'import functools\n\n@functools.lru_cache(maxsize=None)\ndef fib(n: int) -> int: … 7 lines',
    );
  });

  it('shows nested definitions inside a function body (closures, decorators)', () => {
    const out = py([
      'def retry(times):',
      '    attempts = []',
      '    limit = times * 2',
      '    def decorate(fn):',
      ...body(5, 8),
      '        return fn',
      '    return decorate',
    ]);
    expect(out).toContain(
      'def retry(times):\n    … 2 lines\n    def decorate(fn): … 6 lines\n    return decorate',
    );
  });

  it('keeps the first line of function docstrings when the outline is small enough', () => {
    const out = py([
      'def load(path):',
      '    """Load the ledger at path.',
      '',
      '    Long explanation.',
      '    """',
      ...body(40),
    ]);
    expect(out).toBe('def load(path):\n    """Load the ledger at path. …""" 43 lines');
  });

  it('drops function docstrings first when the outline would stay too large', () => {
    const defs = Array.from({ length: 6 }, (_, i) => [
      `def f${i}(x):`,
      '    """Describe the function at some length here."""',
      '    y = x + 1',
      '    return y * 2',
    ]);
    const out = py(defs.flat());
    expect(out).toContain('def f0(x): … 3 lines');
    expect(out).not.toContain('Describe the function');
  });

  it('opens try/except and if blocks that import or define, folds other compound statements', () => {
    const out = py([
      'try:',
      '    import ujson as json',
      'except ImportError:',
      '    import json',
      '',
      'if __name__ == "__main__":',
      '    args = parse()',
      ...body(6),
      '    print(total)',
    ]);
    expect(out).toContain('try:\n    import ujson as json\nexcept ImportError:\n    import json');
    expect(out).toContain('if __name__ == "__main__": … 8 lines');
  });

  it('keeps a function body named in keep, bounded', () => {
    const lines = [
      'def small(x):',
      ...body(5),
      '    return total',
      'def other(x):',
      ...body(5),
      '    return total',
    ];
    const out = py(lines, ['small']);
    expect(out).toContain('    total += step(4)\n    return total\ndef other(x): … 6 lines');
  });

  it('outlines a slice that starts inside a docstring', () => {
    const out = py([
      '    Parameters are checked first.',
      '    Then the rest.',
      '    """',
      '    if not rows:',
      '        return []',
      '    return [r for r in rows if r]',
      '',
      '',
      'def tail(rows):',
      ...body(5),
      '    return rows',
    ]);
    // The docstring's tail and the statements after it fold into one marker.
    expect(out).toBe('    … 6 lines\n\ndef tail(rows): … 6 lines');
  });

  it('folds module-level calls, item assignments and loops, keeping the names a script binds', () => {
    const out = py([
      'import boto3',
      '',
      "os.environ['AWS_ACCESS_KEY_ID'] = 'testing'",
      "os.environ['AWS_SECRET_ACCESS_KEY'] = 'testing'",
      "client = boto3.client('athena', region_name='us-east-1')",
      'for name in ("a", "b"):',
      '    client.create_work_group(Name=name)',
      '    print(name)',
      'result = client.list_work_groups()',
      'print(result)',
    ]);
    expect(out).toBe(
      [
        'import boto3',
        '',
        '… 2 lines',
        "client = boto3.client('athena', region_name='us-east-1')",
        '… 3 lines',
        'result = client.list_work_groups()',
        'print(result)',
      ].join('\n'),
    );
  });

  it('leaves out runs of comments without a marker, also those leading a function body', () => {
    const out = py([
      '# Helpers for the ledger.',
      '# Keep them small.',
      'LIMIT = 10',
      '',
      'def make(c):',
      '    # From the paper, section 2.',
      '    # Not using c yet.',
      '    log = build(c)',
      '    def inner(x):',
      ...body(3, 8),
      '        return x',
      '    return inner',
    ]);
    expect(out.startsWith('LIMIT = 10\n')).toBe(true);
    expect(out).not.toMatch(/Helpers|Keep them|paper|Not using/);
    expect(out).toContain('def make(c):\n    … 3 lines\n    def inner(x): … 4 lines\n    return inner');
  });

  it('joins a parenthesised import onto one line unless a comment sits inside it', () => {
    const joined = py([
      'from matplotlib.ticker import (',
      '    Locator,',
      '    Formatter,',
      '    AutoLocator,',
      ')',
      'def f(x):',
      ...body(4),
      '    return x',
    ]);
    expect(joined).toContain('from matplotlib.ticker import (Locator, Formatter, AutoLocator)\ndef f(x): …');
    const commented = py([
      'from matplotlib.ticker import (',
      '    Locator,  # the base class',
      '    Formatter,',
      ')',
      'def f(x):',
      ...body(4),
      '    return x',
    ]);
    expect(commented).toContain('    Locator,  # the base class\n    Formatter,\n)');
  });

  it('reads its own outline again unchanged (markers after a docstring, a colon, a bracket)', () => {
    const first = py([
      'LIMITS = {',
      ...Array.from({ length: 5 }, (_, i) => `    "k${i}": ${i},`),
      '}',
      'def load(path):',
      '    """Load the ledger at path.',
      '',
      '    Long explanation.',
      '    """',
      ...body(40),
      'class Store:',
      '    kind = 1',
      '    def get(self, key):',
      ...body(6, 8),
    ]);
    expect(first).toContain('"""Load the ledger at path. …""" 43 lines');
    expect(first).toContain('def get(self, key): … 6 lines');
    expect(py(first.split('\n'))).toBe(first);
  });
});

import { describe, expect, it } from 'vitest';
import { compressCode } from '../../../src/compress/code/index.js';

const py = (lines: string[], keep?: string[]): string =>
  compressCode(lines.join('\n'), { language: 'python', ...(keep ? { keep } : {}) }).text;

/** A body of n statements, indented by `indent` spaces. */
const body = (n: number, indent = 4): string[] =>
  Array.from({ length: n }, (_, i) => `${' '.repeat(indent)}total += step(${i})`);

describe('Python outline', () => {
  it('keeps decorators and multi-line signatures, folds bodies with a Python comment marker', () => {
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
      'import functools\n\n@functools.lru_cache(maxsize=None)\ndef fib(\n    n: int,\n) -> int: …  # 7 lines',
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
      'def retry(times):\n    …  # 2 lines\n    def decorate(fn): …  # 6 lines\n    return decorate',
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
    expect(out).toBe('def load(path):\n    """Load the ledger at path. …"""  # 43 lines');
  });

  it('drops function docstrings first when the outline would stay too large', () => {
    const defs = Array.from({ length: 6 }, (_, i) => [
      `def f${i}(x):`,
      '    """Describe the function at some length here."""',
      '    y = x + 1',
      '    return y * 2',
    ]);
    const out = py(defs.flat());
    expect(out).toContain('def f0(x): …  # 3 lines');
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
    expect(out).toContain('if __name__ == "__main__": …  # 8 lines');
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
    expect(out).toContain('    total += step(4)\n    return total\ndef other(x): …  # 6 lines');
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
    expect(out).toContain('    …  # 3 lines\n    if not rows:');
    expect(out).toContain('def tail(rows): …  # 6 lines');
  });
});

import { describe, expect, it } from 'vitest';
import { compressCode } from '../../../src/compress/code/index.js';

const fold = (language: string, lines: string[], keep?: string[]): string =>
  compressCode(lines.join('\n'), { language, ...(keep ? { keep } : {}) }).text;

describe('indentation folding', () => {
  it('opens class-like containers and folds method bodies, absorbing closing braces', () => {
    const out = fold('java', [
      'public class Cart {',
      '    private final List<Item> items = new ArrayList<>();',
      '',
      '    public void add(Item item) {',
      '        if (item == null) {',
      '            throw new IllegalArgumentException();',
      '        }',
      '        items.add(item);',
      '    }',
      '',
      '    public int size() {',
      '        int n = items.size();',
      '        return n;',
      '    }',
      '}',
    ]);
    expect(out).toBe(
      [
        'public class Cart {',
        '    private final List<Item> items = new ArrayList<>();',
        '',
        '    public void add(Item item) { … 4 lines }',
        '',
        '    public int size() { … 2 lines }',
        '}',
      ].join('\n'),
    );
  });

  it('chains folds through `} else {` onto one line', () => {
    const out = fold('swift', [
      'let ready = check()',
      'if ready {',
      '    start()',
      '    log("started")',
      '} else {',
      '    wait()',
      '    retry()',
      '}',
    ]);
    expect(out).toBe('let ready = check()\nif ready { … 2 lines } else { … 2 lines }');
  });

  it('uses `#` markers for Ruby and keeps `end` lines', () => {
    const out = fold('ruby', [
      'module Shop',
      '  class Cart',
      '    def add(item)',
      '      @items << item',
      '      @total += item.price',
      '    end',
      '',
      '    def size',
      '      @items.size',
      '    end',
      '  end',
      'end',
    ]);
    expect(out).toContain('    def add(item) …  # 2 lines\n    end');
  });

  it('keeps the block under a header naming a kept identifier', () => {
    const calls = Array.from({ length: 8 }, (_, i) => `    step_${i}(&mut state);`);
    const lines = [
      'fn parse(input: &str) -> Ast {',
      '    let tokens = lex(input);',
      '    let ast = build(tokens);',
      '    ast',
      '}',
      'fn other() {',
      ...calls,
      '}',
    ];
    const out = fold('rust', lines, ['parse']);
    expect(out).toContain('    let ast = build(tokens);');
    expect(out).toContain('fn other() { … 8 lines }');
  });

  it('folds a headerless deeper head of a slice into a marker line of its own', () => {
    const out = fold('go', [
      '\t\treturn nil',
      '\t}',
      '\treturn err',
      '}',
      '',
      'func next() error {',
      '\tif a {',
      '\t\tb()',
      '\t}',
      '\treturn nil',
      '}',
    ]);
    expect(out).toContain('\t… 3 lines\n}');
    expect(out).toContain('func next() error { … 4 lines }');
  });
});

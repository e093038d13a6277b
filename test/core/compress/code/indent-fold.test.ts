import { describe, expect, it } from 'vitest';
import { compressCode } from '../../../../src/core/compress/code/index.js';

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

  it('puts a one-row block on its header line and folds longer ones (CSS)', () => {
    const out = fold('css', [
      '.user {',
      '    border-left-color: #2196f3;',
      '}',
      '',
      '.message {',
      '    padding: 8px;',
      '    margin: 0 0 4px;',
      '    border-radius: 4px;',
      '}',
    ]);
    expect(out).toBe('.user { border-left-color: #2196f3; }\n\n.message { … 3 lines }');
  });

  it('opens markup two levels deep and folds deeper elements up to their closing tag', () => {
    const out = fold('html', [
      '<html>',
      '  <body>',
      '    <div class="nav">',
      '      <a href="/">Home</a>',
      '      <a href="/about">About</a>',
      '      <a href="/blog">Blog</a>',
      '    </div>',
      '  </body>',
      '</html>',
    ]);
    expect(out).toBe('<html>\n  <body>\n    <div class="nav"> … 3 lines </div>\n  </body>\n</html>');
  });

  it('does not join a one-row block whose row ends in a line comment', () => {
    const out = fold('go', [
      'func a() {',
      '    run() // keep going',
      '}',
      'func b() {',
      '    one()',
      '    two()',
      '    three()',
      '}',
    ]);
    expect(out).toContain('func a() {\n    run() // keep going\n}');
    expect(out).toContain('func b() { … 3 lines }');
  });

  it('leaves out comment rows at the levels it shows, and keeps a shebang', () => {
    const go = fold('go', [
      '// Package store keeps items in memory.',
      'package store',
      '',
      '// Get returns the item with that id.',
      'func Get(id string) Item {',
      '    mu.Lock()',
      '    defer mu.Unlock()',
      '    return items[id]',
      '}',
    ]);
    expect(go).toBe('package store\n\nfunc Get(id string) Item { … 3 lines }');
    const shell = fold('shell', [
      '#!/bin/sh',
      '# Deploys the site.',
      'set -e',
      'deploy() {',
      '    build',
      '    upload',
      '}',
      'deploy',
    ]);
    expect(shell).toBe('#!/bin/sh\nset -e\ndeploy() { … 2 lines }\ndeploy');
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

  it('folds Ruby method bodies and keeps their `end` lines', () => {
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
    expect(out).toContain('    def add(item) … 2 lines\n    end');
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

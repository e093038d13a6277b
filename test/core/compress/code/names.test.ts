import { describe, expect, it } from 'vitest';
import { topLevelDeclarationNames } from '../../../../src/core/compress/code/index.js';

describe('topLevelDeclarationNames', () => {
  it('lists Python module-level functions, classes and assigned names, not nested ones', () => {
    const text = [
      'import os',
      'LIMIT = 10',
      'a, b = 1, 2',
      '@dataclass',
      'class Point:',
      '    x: int',
      '    def norm(self):',
      '        inner = 1',
      'def main():',
      '    helper = 2',
      'if DEBUG:',
      '    def debug_only(): pass',
    ].join('\n');
    expect(topLevelDeclarationNames(text, 'python')).toEqual(['LIMIT', 'a', 'b', 'Point', 'main']);
  });

  it('lists TypeScript declarations, exported, ambient and namespaced', () => {
    const text = [
      'export default function App() { return null; }',
      'export abstract class Base {}',
      'declare function legacy(x: number): void;',
      'namespace Util { export const z = 1; }',
      'export enum Color { Red }',
      'type Id = string;',
      'const { left, right } = split();',
      'function local() { const hidden = 1; }',
    ].join('\n');
    expect(topLevelDeclarationNames(text, 'src/app.ts')).toEqual([
      'App',
      'Base',
      'legacy',
      'Util',
      'Color',
      'Id',
      'left',
      'right',
      'local',
    ]);
  });

  it('lists JavaScript declarations and reads through line numbers and framing', () => {
    const text =
      '<returncode>0</returncode>\n<output>\n     1\tvar a = 1;\n     2\tfunction b() {}\n     3\tclass C {}\n</output>';
    expect(topLevelDeclarationNames(text, 'javascript')).toEqual(['a', 'b', 'C']);
  });

  it('uses the regex battery for other languages', () => {
    const rust =
      'pub struct Point { x: f64 }\nimpl Point {\n    pub fn norm(&self) -> f64 { 0.0 }\n}\npub(crate) fn origin() -> Point { todo!() }\nconst MAX: u32 = 3;';
    expect(topLevelDeclarationNames(rust, 'rust')).toEqual(['Point', 'origin', 'MAX']);
    const java =
      'package a.b;\n\npublic final class Cart {\n    private int size;\n    public void add() {}\n}\ninterface Priced {}';
    expect(topLevelDeclarationNames(java, 'java')).toEqual(['Cart', 'Priced']);
    const ruby = 'module Shop\nend\nclass Cart < Base\n  def add; end\nend\ndef self.helper\nend';
    expect(topLevelDeclarationNames(ruby, 'ruby')).toEqual(['Shop', 'Cart', 'helper']);
    const shell = '#!/bin/sh\nPREFIX=/usr\nbuild() {\n  make\n}\nfunction clean {\n  rm -rf out\n}';
    expect(topLevelDeclarationNames(shell, 'shell')).toEqual(['PREFIX', 'build', 'clean']);
    const c =
      '#include <stdio.h>\n#define SIZE 4\nstatic int count(const char *s) {\n  return 0;\n}\nint main(void);';
    expect(topLevelDeclarationNames(c, 'c')).toEqual(['SIZE', 'count']);
  });
});

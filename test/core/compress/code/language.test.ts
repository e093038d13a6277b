import { describe, expect, it } from 'vitest';
import {
  languageFromPath,
  normalizeLanguage,
  sniffLanguage,
} from '../../../../src/core/compress/code/language.js';

describe('language detection', () => {
  it('maps ids and extensions to the languages the compressor tells apart', () => {
    expect(normalizeLanguage('TypeScript')).toBe('typescript');
    expect(normalizeLanguage('py')).toBe('python');
    expect(normalizeLanguage('c++')).toBe('cpp');
    expect(normalizeLanguage('html')).toBeUndefined();
    expect(languageFromPath('/repo/src/App.tsx')).toBe('tsx');
    expect(languageFromPath('C:\\work\\lib\\index.mjs')).toBe('javascript');
    expect(languageFromPath('Makefile')).toBeUndefined();
  });

  it('sniffs unlabelled code from its content', () => {
    expect(sniffLanguage(['import os', '', 'class A:', '    def f(self):', '        return self.x'])).toBe(
      'python',
    );
    expect(
      sniffLanguage(['export interface A {', '  name: string;', '}', 'export const f = (a: A) => {']),
    ).toBe('typescript');
    expect(sniffLanguage(['const a = require("a");', 'function f() {', '  return 1;', '}'])).toBe(
      'javascript',
    );
    expect(sniffLanguage(['package main', '', 'func main() {', '}'])).toBe('go');
    expect(
      sniffLanguage([
        'export const A = (p: { name: string }) => (',
        '  <div>{p.name}</div>',
        ');',
        'interface B {',
      ]),
    ).toBe('tsx');
    expect(sniffLanguage(['Hello there,', 'this is a letter.'])).toBe('other');
  });
});

import { describe, expect, it } from 'vitest';
import { compressCode } from '../../../../src/core/compress/code/index.js';
import { isMinified, layOut } from '../../../../src/core/compress/code/minified.js';
import { compress } from '../../../../src/core/compress/index.js';
import { defaultTokenizer } from '../../../../src/core/tokens/tokenizer.js';

const tokenizer = defaultTokenizer();

/** A minified bundle on one line: a UMD wrapper around `modules` functions, a class and an object of methods each. */
function bundle(modules: number): string {
  const parts: string[] = ['var version="1.0.0",cache=new Map;'];
  for (let i = 0; i < modules; i++)
    parts.push(
      `function load${i}(a,b){if(!a)throw new Error("missing "+b);var c=cache.get(a);if(c)return c;for(var d=0;d<a.length;d++)b+=a[d]*${i};cache.set(a,b);if(b>1e6){console.warn("large",a,b);b=Math.floor(b/2)}switch(typeof a){case"string":b+=a.length;break;default:b-=1}return b}`,
      `class Store${i}{constructor(a){this.a=a}get(b){return this.a[b]??${i}}set(b,c){this.a[b]=c;return this}}`,
      `var api${i}={read:function(a){return load${i}(a,"r")},write(a,b){return new Store${i}(a).set(b,\`line\\n${i}\`)}};`,
    );
  return `(function(r,f){typeof exports=="object"?module.exports=f():r.lib=f()})(this,function(){"use strict";${parts.join('')}return{version}});`;
}

describe('minified code', () => {
  it('is told from code written by hand by its long lines', () => {
    expect(isMinified([bundle(5)])).toBe(true);
    expect(isMinified(['const a = 1;', 'function f() {', '  return a;', '}'])).toBe(false);
  });

  it('is laid out a statement a row, each block, class and object of methods indented', () => {
    const rows = layOut(bundle(1), 'javascript');
    expect(rows).toBeDefined();
    expect(rows).toContain('  function load0(a,b){');
    expect(rows).toContain('    if(!a)throw new Error("missing "+b);');
    expect(rows).toContain('  class Store0{');
    expect(rows).toContain('    get(b){');
    expect(rows).toContain('  var api0={');
    expect(rows).toContain('    read:function(a){');
  });

  it('keeps a line break inside a template literal where it was (the rows are still the code)', () => {
    const code = `function f(a){return \`first\n  second \${a}\`}${'var x=1;'.repeat(200)}`;
    const rows = layOut(code, 'javascript') ?? [];
    expect(rows.slice(0, 4)).toEqual(['function f(a){', '  return `first', '  second ${a}`', '}']);
  });

  it('gets an outline of its signatures from the code compressor, a fraction of its size', () => {
    const text = bundle(200);
    const summary = compress('code', text, { path: 'dist/lib.min.js' });
    expect(summary.helped).toBe(true);
    expect(summary.note).toMatch(/minified, laid out on \d+/);
    expect(summary.text).toContain('function load0(a,b){ …');
    expect(summary.text).toContain('class Store0{');
    expect(tokenizer.count(summary.text)).toBeLessThan(tokenizer.count(text) * 0.25);
  });

  it('has its outline capped when even the outline is past a page or so', () => {
    const text = bundle(3_000);
    const summary = compressCode(text, { path: 'dist/lib.min.js' });
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThanOrEqual(24_100);
    expect(summary.text).toMatch(/\n\[… \d+ more lines of the outline\]$/);
  });

  it('on one line in a language it cannot lay out, is still shortened', () => {
    const css = Array.from({ length: 400 }, (_, i) => `.c${i}{margin:${i}px;padding:0 ${i}px}`).join('');
    const summary = compressCode(css, { path: 'site.min.css' });
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(css.length / 10);
  });
});

describe('a file of many small functions', () => {
  it('is shortened to its signatures when no other outline saves enough', () => {
    const text = Array.from(
      { length: 80 },
      (_, i) => `export function step${i}(x: number): number {\n  return x * ${i};\n}`,
    ).join('\n');
    const summary = compressCode(text, { path: 'src/steps.ts' });
    expect(summary.helped).toBe(true);
    expect(summary.text.split('\n')[0]).toBe('export function step0(x: number): number { … 1 line }');
    expect(summary.text.split('\n')).toHaveLength(80);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressCode } from '../../../../src/core/compress/code/index.js';
import type { CompressContext } from '../../../../src/core/compress/types.js';

const contexts: readonly CompressContext[] = [
  {},
  { language: 'python' },
  { language: 'typescript' },
  { language: 'javascript' },
  { path: 'a/b.tsx' },
  { path: 'main.go' },
  { language: 'html' },
  { keep: ['run', 'Item'] },
];
const context = fc.constantFrom(...contexts);

/** Fragments of code and viewer output, assembled into plausible and implausible inputs. */
const FRAGMENTS = [
  'def run(self, x):',
  'class Item(Base):',
  '"""Docstring line."""',
  '"""',
  'return x + 1',
  'if x:',
  'else:',
  'elif y:',
  'try:',
  'except ValueError as e:',
  'export function run(a: number): string {',
  'export interface Item {',
  'const x = { a: 1,',
  '}',
  '});',
  '} else {',
  'func main() {',
  '@decorator',
  '// comment … 3 lines',
  '<returncode>0</returncode>',
  '<output>',
  '</output>',
  '[File: /x/a.py (40 lines total)]',
  '```python',
  '```',
  'import os',
  'x = [',
  ']',
  '',
];
const line = fc.record({
  indent: fc.integer({ min: 0, max: 4 }),
  text: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 40 })),
});
const codeish = fc
  .tuple(
    fc.array(line, { maxLength: 120 }),
    fc.constantFrom('none', 'arrow', 'tab', 'colon'),
    fc.constantFrom('\n', '\r\n'),
  )
  .map(([lines, numbering, eol]) =>
    lines
      .map((l, i) => {
        const text = '    '.repeat(l.indent) + l.text;
        switch (numbering) {
          case 'arrow':
            return `${String(i + 1).padStart(6)}→${text}`;
          case 'tab':
            return `${String(i + 1).padStart(6)}\t${text}`;
          case 'colon':
            return `${i + 1}:${text}`;
          case 'none':
            return text;
        }
      })
      .join(eol),
  );

/** Small valid Python programs: functions and classes with bodies of several statements. */
const pythonProgram = fc
  .array(
    fc.record({
      kind: fc.constantFrom('def', 'class', 'const'),
      name: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/),
      size: fc.integer({ min: 1, max: 12 }),
    }),
    { minLength: 1, maxLength: 15 },
  )
  .map((items) =>
    items
      .map(({ kind, name, size }, k) => {
        const body = Array.from({ length: size }, (_, i) => `value_${i} = compute(${i}, "${name}")`);
        switch (kind) {
          case 'def':
            return [`def ${name}_${k}(a, b=1):`, ...body.map((s) => `    ${s}`), '    return a'].join('\n');
          case 'class':
            return [
              `class C${name}_${k}:`,
              '    kind = 1',
              `    def method(self):`,
              ...body.map((s) => `        ${s}`),
            ].join('\n');
          case 'const':
            return `CONST_${k} = ${JSON.stringify(name)}`;
        }
      })
      .join('\n\n'),
  );

describe('compressCode properties', () => {
  it('never throws and never lengthens, on arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 3000 }), fc.string({ unit: 'binary', maxLength: 2000 }), codeish),
        context,
        (text, ctx) => {
          const summary = compressCode(text, ctx);
          expect(summary.text.length).toBeLessThanOrEqual(text.length);
          if (!summary.helped) expect(summary.text).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(fc.oneof(codeish, pythonProgram), context, (text, ctx) => {
        expect(compressCode(text, ctx)).toEqual(compressCode(text, ctx));
      }),
      { numRuns: 100 },
    );
  });

  it('changes a summary little when compressing it again', () => {
    fc.assert(
      fc.property(pythonProgram, fc.boolean(), (program, numbered) => {
        const text = numbered
          ? program
              .split('\n')
              .map((l, i) => `${String(i + 1).padStart(6)}→${l}`)
              .join('\n')
          : program;
        const first = compressCode(text, { language: 'python' });
        const second = compressCode(first.text, { language: 'python' });
        expect(second.text.length).toBeGreaterThanOrEqual(Math.floor(first.text.length * 0.85));
      }),
      { numRuns: 100 },
    );
  });

  it('leaves an outline of numbered Python as it is when compressed again', () => {
    fc.assert(
      fc.property(pythonProgram, (program) => {
        const text = program
          .split('\n')
          .map((l, i) => `${String(i + 1).padStart(6)}→${l}`)
          .join('\n');
        const first = compressCode(text, { language: 'python' });
        const second = compressCode(first.text, { language: 'python' });
        // Markers of the first summary are never taken for bodies to fold again.
        expect(second.text).not.toMatch(/… \d+ lines? … /);
      }),
      { numRuns: 100 },
    );
  });

  it('copes with huge lines and 2 MB inputs', () => {
    const hugeLine =
      `const data = "${'x'.repeat(300_000)}";\n` + 'function f() {\n  return 1;\n}\n'.repeat(5);
    const huge = compressCode(hugeLine, { language: 'javascript' });
    expect(huge.text.length).toBeLessThan(hugeLine.length);
    expect(huge.text).toContain('… +');

    const unit =
      'def handler(event):\n    x = event.get("x")\n    if x:\n        return x * 2\n    return None\n\n';
    const big = unit.repeat(Math.ceil(2_000_000 / unit.length));
    const summary = compressCode(big, { language: 'python' });
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(big.length * 0.5);

    const noise = Array.from(
      { length: 40_000 },
      (_, i) => `${'ab(c'.repeat((i % 7) + 1)} ]] ${i} ${'{'.repeat(i % 3)}`,
    ).join('\n');
    const noisy = compressCode(noise.slice(0, 2_000_000), { language: 'typescript' });
    expect(noisy.text.length).toBeLessThanOrEqual(Math.min(noise.length, 2_000_000));
  });
});

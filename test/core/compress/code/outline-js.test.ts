import { describe, expect, it } from 'vitest';
import { compressCode } from '../../../../src/core/compress/code/index.js';

const js = (lines: string[]): string => compressCode(lines.join('\n'), { language: 'javascript' }).text;
const ts = (lines: string[]): string => compressCode(lines.join('\n'), { language: 'typescript' }).text;

describe('JavaScript / TypeScript outline', () => {
  it('opens an IIFE as a module and shows `this.x = function` methods of a constructor', () => {
    const out = js([
      '(function (window) {',
      "  var PATH = 'worker.js';",
      '  var Recorder = function (source) {',
      '    this.node = source.node;',
      '    this.record = function () {',
      '      this.recording = true;',
      '      this.started = Date.now();',
      '      this.node.connect();',
      '    };',
      '  };',
      '  window.Recorder = Recorder;',
      '})(window);',
    ]);
    expect(out).toContain("  var PATH = 'worker.js';");
    expect(out).toContain('    this.record = function () { … 3 lines };');
    expect(out).toContain('  window.Recorder = Recorder;');
    expect(out).not.toContain('Date.now()');
  });

  it('outlines an object literal of methods (module pattern) member by member', () => {
    const out = js([
      'var Sequencer = {',
      '  bpm: 130,',
      '  sounds: [],',
      '  play: function play() {',
      '    this.timer = setTimeout(this.beat, 100);',
      '    this.playing = true;',
      '  },',
      '  stop() {',
      '    clearTimeout(this.timer);',
      '    this.playing = false;',
      '  },',
      '};',
    ]);
    expect(out).toContain('  bpm: 130,');
    expect(out).toContain('  play: function play() { … 2 lines },');
    expect(out).toContain('  stop() { … 2 lines },');
  });

  it('keeps describe/it labels of a test file and folds the test bodies', () => {
    const out = ts([
      "import { describe, it, expect } from 'vitest';",
      "describe('totals', () => {",
      '  const invoice = makeInvoice();',
      '  const rate = 0.2;',
      "  it('adds VAT', () => {",
      '    const t = totals(invoice);',
      '    expect(t.vat).toBe(20);',
      '    expect(t.gross).toBe(120);',
      '  });',
      "  it('rounds', () => {",
      '    expect(round(1.005)).toBe(1.01);',
      '    expect(round(2.5)).toBe(2.5);',
      '  });',
      '});',
    ]);
    expect(out).toContain("describe('totals', () => {\n  … 2 lines\n  it('adds VAT', () => { … 3 lines });");
    expect(out).toContain("  it('rounds', () => { … 2 lines });");
    expect(out).not.toContain('makeInvoice');
  });

  it('shows class fields and abstract members, folds methods and keeps decorators', () => {
    const out = ts([
      'export abstract class Shape {',
      '  @Input() name = "shape";',
      '  protected static registry = new Map<string, Shape>();',
      '  abstract area(): number;',
      '  @Memo()',
      '  describe(): string {',
      '    const a = this.area();',
      '    return `${this.name}: ${a}`;',
      '  }',
      '}',
    ]);
    expect(out).toContain('  @Input() name = "shape";');
    expect(out).toContain('  abstract area(): number;');
    expect(out).toContain('  @Memo()\n  describe(): string { … 2 lines }');
  });

  it('opens namespaces and ambient modules and keeps long interfaces one line per member', () => {
    const members = Array.from({ length: 32 }, (_, i) => `  field${i}: string;`);
    const body = Array.from({ length: 30 }, (_, i) => `  total += values[${i}] * weights[${i}];`);
    const out = ts([
      'export function weigh(values: number[], weights: number[]): number {',
      '  let total = 0;',
      ...body,
      '  return total;',
      '}',
      'declare module "vendor" {',
      '  export function setup(options: object): void;',
      '  export const version: string;',
      '}',
      'export interface Big {',
      '  /** The first field,',
      '   * documented at length. */',
      ...members,
      '}',
    ]);
    expect(out).toContain('  export function setup(options: object): void;');
    expect(out).toContain('  field31: string;');
    expect(out).toContain('export interface Big {\n  … 2 lines\n  field0: string;');
    expect(out).not.toContain('documented at length');
  });

  it('keeps the names of a multi-line destructuring and folds its value', () => {
    const out = js([
      'const {',
      '  alpha,',
      '  beta,',
      '} = createThings({',
      '  one: 1,',
      '  two: 2,',
      '  three: 3,',
      '});',
    ]);
    expect(out).toContain('const {\n  alpha,\n  beta,\n} = createThings({ … 3 lines });');
  });

  it('outlines a slice with stray closing braces through error recovery', () => {
    const out = compressCode(
      [
        '    return total;',
        '  }',
        '}',
        'function next(a) {',
        '  if (a) {',
        '    a.go();',
        '    a.stop();',
        '  }',
        '  return a;',
        '}',
      ].join('\n'),
      { language: 'javascript' },
    );
    expect(out.text).toContain('function next(a) { … 5 lines }');
  });

  it('falls back to indentation folding when error recovery would swallow a declaration', () => {
    const out = compressCode(
      [
        '   the options object is merged (deeply) into the defaults, and',
        '   every key that is not known is reported: once per call site,',
        '   with the name of the caller [if known] and a hint.',
        '   Returns: the merged options; throws: never',
        '*/',
        'function merge(a, b) {',
        '  for (const key of Object.keys(b)) {',
        '    a[key] = b[key];',
        '    report(key);',
        '  }',
        '  return a;',
        '}',
      ].join('\n'),
      { language: 'javascript' },
    );
    expect(out.note).toContain('indentation');
    expect(out.text).toBe('   … 4 lines\n*/\nfunction merge(a, b) { … 5 lines }');
  });
});

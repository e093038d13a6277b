import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compressCode, topLevelDeclarationNames } from '../../../src/compress/code/index.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/compress/code/${name}`, import.meta.url), 'utf8');

/** The output lines that carry a given original line number in a numbered view. */
const numbered = (text: string, pattern: RegExp): number[] =>
  text.split(/\r?\n/).flatMap((line) => {
    const m = pattern.exec(line);
    return m?.[1] ? [Number(m[1])] : [];
  });

describe('compressCode on a Claude Code Read of a TypeScript file', () => {
  const text = fixture('claude-read-billing-service.txt');
  const summary = compressCode(text, { path: '/app/src/billing-service.ts' });

  it('keeps imports, types, enums, constants and signatures with their original line numbers', () => {
    expect(summary.helped).toBe(true);
    for (const line of [
      "     1→import { createHash } from 'node:crypto';",
      '     6→export enum Currency {',
      '    12→export interface BillingOptions {',
      '    19→export type Totals = { net: number; vat: number; gross: number };',
      '    27→export const MAX_LINES = 500;',
      '    29→@Injectable()',
      '    30→export class BillingService {',
      '    76→export const isEmpty = (invoice: Invoice): boolean => invoice.lines.length === 0;',
    ]) {
      expect(summary.text).toContain(line);
    }
  });

  it('folds method bodies into markers naming the hidden lines', () => {
    expect(summary.text).toContain('    38→  totals(invoice: Invoice): Totals { … lines 39–46 }');
    expect(summary.text).toContain(
      '    66→export function formatTotals(totals: Totals, currency: Currency): string { … lines 67–73 }',
    );
    expect(summary.text).not.toContain('this.cache.set(key, result)');
  });

  it('collapses a long initialiser but keeps its closing brackets', () => {
    expect(summary.text).toContain('    21→const DEFAULT_OPTIONS: BillingOptions = { … lines 22–24 };');
  });

  it('keeps a one-line body as it is', () => {
    expect(summary.text).toContain(
      "    62→    return createHash('sha1').update(JSON.stringify(invoice)).digest('hex');",
    );
  });

  it('keeps the numbers of kept lines in increasing order and condenses the system reminder', () => {
    const numbers = numbered(summary.text, /^ *(\d+)→/);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(summary.text).toContain('<system-reminder>… 3 lines</system-reminder>');
  });

  it('keeps every top-level declaration name', () => {
    const names = topLevelDeclarationNames(text, 'typescript');
    expect(names).toEqual([
      'Currency',
      'BillingOptions',
      'Totals',
      'DEFAULT_OPTIONS',
      'MAX_LINES',
      'BillingService',
      'formatTotals',
      'isEmpty',
    ]);
    for (const name of names) expect(summary.text).toContain(name);
  });

  it('keeps the body of a function named in context.keep', () => {
    const kept = compressCode(text, { path: 'billing-service.ts', keep: ['totals'] });
    expect(kept.text).toContain('    44→    const result = { net, vat, gross: this.round(net + vat) };');
    expect(kept.text).toContain('    49→  private lineNet(line: LineItem): number { … lines 50–53 }');
  });
});

describe('compressCode on mini-swe-agent `nl -ba` of a Python file', () => {
  const text = fixture('mini-swe-nl-reporting.txt');
  const summary = compressCode(text, { command: 'nl -ba ledger/reporting.py' });

  it('keeps the envelope, the module docstring, imports and signatures with numbers', () => {
    expect(summary.text.startsWith('<returncode>0</returncode>\n<output>\n')).toBe(true);
    expect(summary.text.endsWith('</output>')).toBe(true);
    for (const line of [
      '     1\t"""Monthly reports for the ledger.',
      '     6\tfrom __future__ import annotations',
      '    14\tDEFAULT_WIDTH = 72',
      '    23\t@dataclass',
      '    24\tclass MonthlySummary:',
      '    37\t    @property',
    ]) {
      expect(summary.text).toContain(line);
    }
  });

  it('folds Python bodies as `…  # lines A–B` and long dicts as `{ … lines A–B }`', () => {
    expect(summary.text).toContain('    31\t    def add(self, entry: Entry) -> None: …  # lines 32–35');
    expect(summary.text).toContain('    42\tdef categorize(entry: Entry) -> str: …  # lines 43–48');
    expect(summary.text).toContain('    15\tCATEGORIES = { … lines 16–19 }');
  });

  it('drops blank lines (their numbers show the gap)', () => {
    expect(summary.text).not.toMatch(/^ *\d+\t\s*$/m);
  });
});

describe('compressCode on a partial `sed -n` slice', () => {
  const text = fixture('sed-slice-reporting.txt');
  const summary = compressCode(text, { command: "sed -n '33,62p' ledger/reporting.py" });

  it('outlines a slice that starts inside a method and ends mid-function', () => {
    expect(summary.helped).toBe(true);
    expect(summary.text).toContain('    @property\n    def balance(self) -> float:');
    expect(summary.text).toContain('def categorize(entry: Entry) -> str: …  # 6 lines');
    expect(summary.text).toContain(
      'def render(summaries: list[MonthlySummary], width: int = DEFAULT_WIDTH) -> str:\n</output>',
    );
  });
});

describe('compressCode on the SWE-agent file viewer', () => {
  const text = fixture('swe-agent-view-reporting.txt');
  const summary = compressCode(text, {});

  it('keeps the viewer framing and CRLF line ends, and numbers as `N:`', () => {
    expect(
      summary.text.startsWith(
        '[File: /repo/ledger/reporting.py (75 lines total)]\r\n(22 more lines above)\r\n',
      ),
    ).toBe(true);
    expect(summary.text).toContain('(15 more lines below)\r\n');
    expect(summary.text).toContain('42:def categorize(entry: Entry) -> str: …  # lines 43–48\r\n');
    expect(summary.text).not.toMatch(/[^\r]\n/);
  });
});

describe('compressCode on a TSX component', () => {
  const text = fixture('src/Checkout.tsx');
  const summary = compressCode(text, { path: 'src/Checkout.tsx' });

  it('keeps the props interface and folds the component bodies with line counts', () => {
    expect(summary.text).toContain('interface CheckoutProps {\n  items: CartItem[];');
    expect(summary.text).toContain(
      'export function Checkout({ items, onPay }: CheckoutProps) { … 27 lines }',
    );
    expect(summary.text).toContain('export const EmptyCart = () => ( … 4 lines );');
    expect(summary.text).toContain('export default Checkout;');
    expect(summary.text).not.toContain('<section');
  });
});

describe('compressCode on a Go file (indentation folding)', () => {
  const text = fixture('src/server.go');
  const summary = compressCode(text, { path: 'cmd/server.go' });

  it('keeps imports, types, struct fields and func signatures; folds func bodies', () => {
    expect(summary.note).toContain('indentation');
    expect(summary.text).toContain('import (\n\t"encoding/json"');
    expect(summary.text).toContain('type Item struct {\n\tID    string  `json:"id"`');
    expect(summary.text).toContain('func (s *Store) Get(id string) (Item, bool) { … 6 lines }');
    expect(summary.text).toContain('func main() { … 10 lines }');
    expect(summary.text).not.toContain('ListenAndServe');
  });

  it('keeps every top-level name the regex battery finds', () => {
    const names = topLevelDeclarationNames(text, 'go');
    expect(names).toEqual(['defaultPort', 'Item', 'Store', 'NewStore', 'Get', 'handleItem', 'main']);
    for (const name of names) expect(summary.text).toContain(name);
  });
});

describe('compressCode when it cannot help', () => {
  it('returns a tiny snippet unchanged', () => {
    const text = 'def f(x):\n    return x + 1\n';
    expect(compressCode(text, { language: 'python' })).toEqual({ text, helped: false });
  });

  it('returns code without anything to fold unchanged', () => {
    const text = Array.from({ length: 30 }, (_, i) => `VALUE_${i} = ${i}`).join('\n');
    expect(compressCode(text, { language: 'python' })).toEqual({ text, helped: false });
  });
});

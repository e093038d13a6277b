import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compressCode, topLevelDeclarationNames } from '../../../../src/core/compress/code/index.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../fixtures/compress/code/${name}`, import.meta.url), 'utf8');

/** The output lines that carry a given original line number in a numbered view. */
const numbered = (text: string, pattern: RegExp): number[] =>
  text.split(/\r?\n/).flatMap((line) => {
    const m = pattern.exec(line);
    return m?.[1] ? [Number(m[1])] : [];
  });

describe('compressCode on a Claude Code Read of a TypeScript file', () => {
  const text = fixture('claude-read-billing-service.txt');
  const summary = compressCode(text, { path: '/app/src/billing-service.ts' });

  it('keeps imports, types, enums, constants and signatures with their line numbers, unpadded', () => {
    expect(summary.helped).toBe(true);
    expect(summary.text.startsWith("1→import { createHash } from 'node:crypto';\n")).toBe(true);
    for (const line of [
      '\n6→export enum Currency {',
      '\n12→export interface BillingOptions {',
      '\n19→export type Totals = { net: number; vat: number; gross: number };',
      '\n27→export const MAX_LINES = 500;',
      '\n29→@Injectable()',
      '\n30→export class BillingService {',
      '\n76→export const isEmpty = (invoice: Invoice): boolean => invoice.lines.length === 0;',
    ]) {
      expect(summary.text).toContain(line);
    }
  });

  it('folds method bodies into markers counting the hidden lines', () => {
    expect(summary.text).toContain('\n38→  totals(invoice: Invoice): Totals { … 8 lines }\n49→');
    expect(summary.text).toContain(
      '\n66→export function formatTotals(totals: Totals, currency: Currency): string { … 7 lines }',
    );
    expect(summary.text).not.toContain('this.cache.set(key, result)');
  });

  it('collapses a long initialiser but keeps its closing brackets', () => {
    expect(summary.text).toContain('\n21→const DEFAULT_OPTIONS: BillingOptions = { … 3 lines };');
  });

  it('puts a one-statement body on its signature line', () => {
    expect(summary.text).toContain(
      "\n61→  private key(invoice: Invoice): string { return createHash('sha1').update(JSON.stringify(invoice)).digest('hex'); }\n64→}",
    );
  });

  it('keeps the numbers of kept lines in increasing order and drops the system reminder', () => {
    const numbers = numbered(summary.text, /^(\d+)→/);
    expect(numbers.length).toBeGreaterThan(20);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(text).toContain('<system-reminder>');
    expect(summary.text).not.toContain('system-reminder');
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
    expect(kept.text).toContain('\n44→    const result = { net, vat, gross: this.round(net + vat) };');
    expect(kept.text).toContain('\n49→  private lineNet(line: LineItem): number { … 4 lines }');
  });
});

describe('compressCode on mini-swe-agent `nl -ba` of a Python file', () => {
  const text = fixture('mini-swe-nl-reporting.txt');
  const summary = compressCode(text, { command: 'nl -ba ledger/reporting.py' });

  it('keeps the envelope, the module docstring, imports and signatures with numbers', () => {
    expect(summary.text.startsWith('<returncode>0</returncode>\n<output>\n')).toBe(true);
    expect(summary.text.endsWith('</output>')).toBe(true);
    for (const line of [
      '\n1\t"""Monthly reports for the ledger.',
      '\n6\tfrom __future__ import annotations',
      '\n14\tDEFAULT_WIDTH = 72',
      '\n23\t@dataclass',
      '\n24\tclass MonthlySummary:',
      '\n37\t    @property',
    ]) {
      expect(summary.text).toContain(line);
    }
  });

  it('folds Python bodies as `… N lines` and long dicts as `{ … N lines }`', () => {
    expect(summary.text).toContain('\n31\t    def add(self, entry: Entry) -> None: … 4 lines\n');
    expect(summary.text).toContain('\n42\tdef categorize(entry: Entry) -> str: … 6 lines\n');
    expect(summary.text).toContain('\n15\tCATEGORIES = { … 4 lines }\n');
  });

  it('puts a one-statement body on its signature line, under the signature number', () => {
    expect(summary.text).toContain(
      '\n38\t    def balance(self) -> float: return sum(v for k, v in self.totals.items() if k != "spent")\n42\t',
    );
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
    expect(summary.text).toContain('    @property\n    def balance(self) -> float: return sum(');
    expect(summary.text).toContain('def categorize(entry: Entry) -> str: … 6 lines');
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
    expect(summary.text).toContain('42:def categorize(entry: Entry) -> str: … 6 lines\r\n');
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

describe('compressCode on a str_replace_editor edit result (before/after fixture)', () => {
  const text = fixture('str-replace-edit-reporting.txt');
  const summary = compressCode(text, { path: '/testbed/ledger/reporting.py' });

  it('matches the expected outline: condensed framing, unpadded numbers, counted folds', () => {
    expect(summary.text).toBe(fixture('str-replace-edit-reporting.expected.txt'));
    expect(summary.text.length).toBeLessThan(text.length * 0.4);
  });

  it('leaves its own outline unchanged when given it again', () => {
    const again = compressCode(summary.text, { path: '/testbed/ledger/reporting.py' });
    expect(again.text).toBe(summary.text);
  });

  it('keeps every top-level declaration name', () => {
    const names = topLevelDeclarationNames(text, '/testbed/ledger/reporting.py');
    expect(names).toContain('MonthlySummary');
    for (const name of names) expect(summary.text).toContain(name);
  });
});

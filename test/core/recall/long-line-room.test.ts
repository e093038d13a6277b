import { describe, expect, it } from 'vitest';
import { passageText } from '../../../src/core/recall/passages.js';

const flat = () => 1;

describe("a one-line original's window", () => {
  it('takes the room its lines leave, so a name a little way from the matched words is shown', () => {
    // A tool call's JSON: one long line; the path asked about sits 400 characters past the words.
    const content = `${'x = compute(x)\\n'.repeat(300)}def settle_invoice(batch): pass\\n${'y = 1\\n'.repeat(25)}# see billing/ledger_rules.py\\n${'z = 2\\n'.repeat(300)}`;
    const json = `{"file_path":"/repo/src/invoices.py","content":"${content}"}`;
    const text = passageText(json, ['settle', 'invoice', 'batch'], flat, 1_500) ?? '';
    expect(text).toContain('def settle_invoice(batch)');
    expect(text).toContain('billing/ledger_rules.py');
    expect(text.length).toBeLessThanOrEqual(1_500);
  });
});

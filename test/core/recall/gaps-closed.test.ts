import { describe, expect, it } from 'vitest';
import { passageText } from '../../../src/core/recall/passages.js';
import { unlike } from './support/unlike.js';

const flat = () => 1;

/** A log of a worker: its title, a class whose header and last method match, a constant between them. */
function workerLog(): string {
  const lines = Array.from(
    { length: 400 },
    (_, i) => `    step_x${unlike(i)} = advance(step_x${unlike(i + 1)})`,
  );
  lines[0] = 'settlement worker log';
  lines[199] = 'class LedgerSync:';
  lines[205] = '    retry_limit = 7731';
  lines[211] = '    def flush(self): ledger sync done';
  return lines.join('\n');
}

describe("the short gap between two of a hit's windows", () => {
  it('is shown before the windows widen elsewhere', () => {
    const text = passageText(workerLog(), ['ledger', 'sync'], flat, 600) ?? '';
    expect(text).toContain('retry_limit = 7731');
    // One window from the header to the method: one label, not two.
    expect(text.match(/\[lines? [\d-]+\]/g)).toEqual(['[lines 197-213]', '[line 1]']);
    expect(text.length).toBeLessThanOrEqual(600);
  });

  it('stays a gap when it does not fit', () => {
    const text = passageText(workerLog(), ['ledger', 'sync'], flat, 300) ?? '';
    expect(text).not.toContain('retry_limit');
  });
});

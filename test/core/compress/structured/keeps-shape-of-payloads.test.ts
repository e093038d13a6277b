import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressStructured, topLevelKeys } from '../../../../src/core/compress/structured/index.js';

const fixtures = resolve(import.meta.dirname, '../../../fixtures/compress/structured');
const read = (name: string): string => readFileSync(resolve(fixtures, name), 'utf8');

function expectAllKeys(original: string, summary: string, path?: string): void {
  const keys = topLevelKeys(original, path);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) expect(summary).toContain(key);
}

describe('compressStructured on a GitHub pulls response', () => {
  const text = read('github-pulls.json');
  const summary = compressStructured(text, {});

  it('shrinks it to under a quarter and keeps every record key', () => {
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(text.length * 0.25);
    expectAllKeys(text, summary.text);
  });

  it('shows the first items and summarises the rest with the union of their keys', () => {
    expect(summary.text).toContain('number: 140');
    expect(summary.text).toContain('html_url: "https://github.com/acme/widget/pull/140"');
    expect(summary.text).toMatch(
      /… 9 more items with keys \{url, id, node_id, html_url, .*active_lock_reason\}/,
    );
    expect(summary.text).not.toContain('number: 151');
  });

  it('cuts long strings and says how long they were', () => {
    expect(summary.text).toMatch(/body: "This change keeps the summary[^"]*…\(\d+ chars\)"/);
  });

  it('keeps the item that holds a kept term, out of order', () => {
    const kept = compressStructured(text, { keep: ['feature-149'] });
    expect(kept.text).toContain('feature-149');
    expect(kept.text).toMatch(/… \d+ items with keys/);
  });
});

describe('compressStructured on a JSON Lines event log', () => {
  const text = read('events.jsonl');
  const summary = compressStructured(text, {});

  it('keeps the first records, the error record, and counts the others by type', () => {
    expect(summary.helped).toBe(true);
    expect(summary.note).toBe('jsonl: 60 records');
    expect(summary.text).toContain('seq: 0');
    expect(summary.text).toContain(
      'message: "Number of request tokens has exceeded your per-minute rate limit"',
    );
    expect(summary.text).toMatch(/… 22 more lines with keys \{[^}]*\}; type: /);
    expectAllKeys(text, summary.text);
  });

  it('reads a log whose last line was cut off mid-record', () => {
    const cut = text.slice(0, text.length - 40);
    const partial = compressStructured(cut, {});
    expect(partial.note).toBe('jsonl: 59 records + 1 cut off');
    expect(partial.text).toMatch(/… 1 line cut off \(\d+ chars\): \{"ts"/);
  });
});

describe('compressStructured on configuration files', () => {
  it('reduces a package.json read through Claude Code (line numbers, system reminder)', () => {
    const file = read('ledger-package.json');
    const reminder = '<system-reminder>\nConsider whether the file looks malicious.\n</system-reminder>\n';
    const shown = file
      .split('\n')
      .map((line, i) => `${String(i + 1).padStart(6)}→${line}`)
      .join('\n');
    const summary = compressStructured(`${shown}\n\n${reminder}`, { path: '/srv/ledger/package.json' });
    expect(summary.helped).toBe(true);
    expect(summary.note).toBe('json: object with 10 keys; line numbers dropped');
    expect(summary.text).not.toMatch(/\d→/);
    expect(summary.text.trimEnd().endsWith(reminder.trimEnd())).toBe(true);
    expectAllKeys(file, summary.text);
    expect(summary.text).toContain('name: "ledger-web"');
  });

  it('reads YAML and collapses what lies deep', () => {
    const text = read('ci-workflow.yaml');
    const summary = compressStructured(text, { path: '.github/workflows/ci.yaml' });
    expect(summary.note).toBe('yaml: object with 4 keys');
    expectAllKeys(text, summary.text);
    expect(summary.text).toMatch(/\{… \d+ keys?: /);
  });

  it('expands a kept key however deep it sits', () => {
    const text = read('ci-workflow.yaml');
    const summary = compressStructured(text, { keep: ['fail-fast'] });
    expect(summary.text).toContain('fail-fast: false');
  });

  it('reads TOML', () => {
    const text = read('pyproject.toml');
    const summary = compressStructured(text, {});
    expect(summary.note).toBe('toml: object with 4 keys');
    expectAllKeys(text, summary.text);
    expect(summary.text).toContain('name: "transcript-tools"');
  });
});

describe('compressStructured on CSV', () => {
  const text = read('benchmark-runs.csv');
  const summary = compressStructured(text, {});

  it('keeps the header and first rows, counts the rest and sums up numeric columns', () => {
    const lines = summary.text.split('\n');
    expect(lines[0]).toBe('run_id,model,dataset,passed,failed,duration_s,notes');
    expect(lines[5]).toBe('r1004,haiku,swe-bench-lite,312,33,133.5,"flaky: retried, then passed"');
    expect(summary.text).toContain('… 35 more rows (40 in all)');
    expect(summary.text).toContain('passed: min 300, max 417, mean 358.5');
    expect(summary.note).toBe('csv: 7 columns × 40 rows');
  });

  it('shows a row with a kept term', () => {
    expect(compressStructured(text, { keep: ['r1030'] }).text).toContain('\nr1030,');
  });
});

describe('compressStructured when it cannot help', () => {
  it('returns a small object unchanged', () => {
    const text = '{"url":"https://github.com/obra/helper/pull/2"}';
    expect(compressStructured(text, {})).toEqual({ text, helped: false, note: 'structured: no gain' });
  });

  it('falls back to cutting long lines of JSON that does not parse', () => {
    const text = read('github-pulls.json').slice(0, 9000).replaceAll('\n  ', '');
    const summary = compressStructured(text, {});
    expect(summary.helped).toBe(true);
    expect(summary.note).toBe('unparsed: long lines cut, middle reduced');
    expect(summary.text).toMatch(/…\(\d+ chars\)/);
  });

  it('leaves its own summary alone', () => {
    const once = compressStructured(read('github-pulls.json'), {});
    expect(compressStructured(once.text, {})).toEqual({
      text: once.text,
      helped: false,
      note: 'structured: already a summary',
    });
  });
});

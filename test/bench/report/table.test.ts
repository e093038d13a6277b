import { describe, expect, it } from 'vitest';
import { renderTables, totalsTable } from '../../../src/doors/bench/report/table.js';
import { fixtureReport } from './report-fixture.js';

describe('terminal tables', () => {
  // Checked by hand (peer-figures.test.ts has the formulas): raw 406.15, mask 1,393.25; clear at
  // window 250 triggers at call 6, billed 354 + 942 = 1,296; summary compacts at call 10, billed
  // 990 + 37 + 57 = 1,084, cost 406.15 − (raw calls 10 and 11: 43.9 + 45.9) + 119.85 + 28.7 = 464.9.
  it('renders the totals of the fixture run', async () => {
    const report = await fixtureReport();
    expect(totalsTable(report)).toMatchInlineSnapshot(`
      "strategy  calls  billed  peak  over   cost  cost/raw  events  summary tok  needles  fid ctx  fid ctx∪recall  facts @1/@5  stubbed: n, @1/@5  echo  echo ctx  ms p50/p95/max
      ────────  ─────  ──────  ────  ────  ─────  ────────  ──────  ───────────  ───────  ───────  ──────────────  ───────────  ─────────────────  ────  ────────  ──────────────
      raw          12   1,428   229     0    406     1.00×       0            0        0        –               –          –/–                  –     0         –               –
      mask         12   1,248   189     0  1,393     3.43×       8            0        0        –               –          –/–                  –     0         –               –
      clear        12   1,296   197     0  1,292     3.18×       6            0        0        –               –          –/–                  –     0         –               –
      summary      12   1,084   189     0    465     1.14×       1           11        0        –               –          –/–                  –     0         –               –"
    `);
  });

  it('prints a table per strategy with every session, the run line and the skipped files', async () => {
    const text = renderTables(await fixtureReport());
    expect(text).toContain(
      '2 sessions (1 aggregated: ≥ 10 calls) · window 250 · mask keeps 3 · tokens words · 1.2 s · 1 skipped',
    );
    expect(text).toContain('fixtures/short.json (not aggregated)');
    expect(text).toContain('  fixtures/broken.jsonl: invalid JSON at line 2');
    expect(text.match(/^(raw|mask|clear|summary)$/gm)).toEqual(['raw', 'mask', 'clear', 'summary']);
    expect(renderTables(await fixtureReport(), { sessions: false })).not.toContain('not aggregated');
  });
});

import { describe, expect, it } from 'vitest';
import { renderTables, totalsTable } from '../../../../src/doors/bench/report/table.js';
import { fixtureReport, foldedFixtureReport } from './report-fixture.js';

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

  it('shows each fold beside the pooled figures, with the bars of every fold, also in brief', async () => {
    const report = await foldedFixtureReport();
    const text = renderTables(report, { sessions: false });
    const lines = text.split('\n');
    const header = lines.find((l) => l.startsWith('fold (held out)')) ?? '';
    expect(header.split(/  +/)).toEqual([
      'fold (held out)',
      'sessions',
      'needles',
      'mask cost/raw',
      'gardener cost/raw',
      'mask ctx',
      'gardener ctx',
      'gardener ctx∪recall',
      'bars',
    ]);
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `))?.split(/  +/) ?? [];
    const gardener = (fold: { totals: Array<{ strategy: string; costRatio: number | null }> }) =>
      `${fold.totals.find((f) => f.strategy === 'gardener')?.costRatio?.toFixed(2)}×`;
    expect(row('alpha').slice(0, 3)).toEqual(['alpha', '1', '0']);
    expect(row('alpha')[4]).toBe(gardener(report.folds[0]!));
    expect(row('beta')[4]).toBe(gardener(report.folds[1]!));
    expect(row('pooled')[4]).toBe(gardener(report));
    expect(row('pooled')[1]).toBe(String(report.aggregatedSessions));
    for (const name of ['alpha', 'beta', 'pooled']) expect(row(name).at(-1)).toMatch(/^(hold|MISSED .+)$/);
  });

  it('shows no fold table for a single fold or none', async () => {
    expect(renderTables(await fixtureReport())).not.toContain('fold (held out)');
  });
});

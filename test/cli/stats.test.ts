import { afterAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';
import { seededDb } from './store-commands-support.js';

const seeded = seededDb([
  { original: 'log a', class: 'log', tokensOriginal: 42_000, tokensSummary: 3_200 },
  { original: 'code b', class: 'code', tokensOriginal: 1_000, tokensSummary: 400, priority: 60 },
]);
afterAll(seeded.cleanup);

describe('gardener stats', () => {
  it('prints entries and tokens by class, the database size and the session figures', async () => {
    const run = await runGardener(['stats', '--session', 'agent-1', ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/database {2}.*gardener\.db · \d+(\.\d)? KB/);
    expect(run.stdout).toMatch(/log +1 +42,000 +3,200 +0\.08/);
    expect(run.stdout).toMatch(/total +2 +43,000 +3,600 +0\.08/);
    expect(run.stdout).toMatch(/1 log entry consuming 42k tokens could be compressed to 3\.2k/);
  });

  it('prints the context_pressure() figures as JSON', async () => {
    const run = await runGardener(['stats', '--json', '--session', 'agent-1', ...seeded.flags]);
    const data = JSON.parse(run.stdout);
    expect(data.stats.entries).toBe(2);
    expect(data.session.context_pressure).toMatchObject({
      entries_tracked: 2,
      total_original_tokens: 43_000,
      total_summary_tokens: 3_600,
      compression_ratio: 0.084,
      by_class: { log: { count: 1, orig: 42_000, sum: 3_200, ratio: 0.076 } },
      eviction_candidates: 1,
    });
  });

  it('runs an integrity check on request', async () => {
    expect((await runGardener(['stats', '--check', ...seeded.flags])).stdout).toMatch(/integrity check: ok/);
  });

  it('names a damaged database and exits 4', async () => {
    const { writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const bad = path.join(path.dirname(seeded.db), 'broken.db');
    writeFileSync(bad, 'not a database at all '.repeat(100));
    const run = await runGardener(['stats', '--db', bad]);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(bad);
    expect(run.stderr).toMatch(/Move it aside/);
  });
});

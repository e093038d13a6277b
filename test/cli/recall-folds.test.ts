import { afterAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';
import { buildLog } from '../support/build-log.js';
import { seededDb } from './store-commands-support.js';

const seeded = seededDb([{ original: buildLog(), class: 'log', sourceTool: 'Bash' }]);
const id = seeded.ids[0]!;
afterAll(seeded.cleanup);

describe('look-alike lines in what the CLI prints', () => {
  it('recall folds them and names the `gardener show` that prints them', async () => {
    const run = await runGardener(['recall', 'batch 1612 VAT', ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ERROR vat.test.ts: batch 1612');
    const fold = new RegExp(
      `… (\\d+) similar INFO lines \\((\\d+)–(\\d+)\\): gardener show ${id} --lines \\2-\\3`,
    );
    const [, count, first, last] = fold.exec(run.stdout) ?? [];
    expect(Number(last) - Number(first) + 1).toBe(Number(count));
    // What the fold names is what `show --lines` prints: that many compile lines.
    const lines = await runGardener(['show', id, '--lines', `${first}-${last}`, '--raw', ...seeded.flags]);
    expect(lines.stdout.split('\n').filter((l) => l.startsWith('INFO compiled'))).toHaveLength(Number(count));
  });

  it('show --grep folds the runs around the match the same way', async () => {
    const run = await runGardener(['show', id, '--grep', 'batch 1612', ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('233| ERROR vat.test.ts');
    expect(run.stdout).toContain(`… 30 similar INFO lines (201–230): gardener show ${id} --lines 201-230`);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';
import { serviceLog, SETTLEMENT_REF } from '../support/service-log.js';
import { seededDb } from './store-commands-support.js';

const log = serviceLog();
const seeded = seededDb([{ original: log.text, class: 'log', sourceTool: 'Bash' }]);
const id = seeded.ids[0]!;
afterAll(seeded.cleanup);

describe('gardener show inside a long entry', () => {
  it('pages a long original instead of printing 250 KB, and says how to go on', async () => {
    const run = await runGardener(['show', id, ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout.length).toBeLessThan(26_000);
    expect(run.stdout).toMatch(/── original, lines 1–\d+ of 3,1\d\d/);
    const next = /more: gardener show \w+ --lines (\d+)-/.exec(run.stdout);
    expect(Number(next?.[1])).toBeGreaterThan(100);
    expect(run.stdout).toContain(`search inside: gardener show ${id} --grep "words"`);
  });

  it('--grep prints the matching lines with their numbers and context', async () => {
    const run = await runGardener(['show', id, '--grep', 'settlement ref: STL', ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${log.errorLine}| `);
    expect(run.stdout).toContain(SETTLEMENT_REF);
    expect(run.stdout).toContain(`${log.errorLine - 2}| `);
    expect(run.stdout).toContain('1 line holding it');
  });

  it('--grep falls back to lines holding all the words, then to the best lines', async () => {
    const words = await runGardener(['show', id, '--grep', 'payments error', ...seeded.flags]);
    expect(words.stdout).toContain('1 line holding all its words');
    expect(words.stdout).toContain(SETTLEMENT_REF);
    const best = await runGardener(['show', id, '--grep', 'payout rejected bogusword', ...seeded.flags]);
    expect(best.stdout).toContain('that best match them');
    expect(best.stdout).toContain(SETTLEMENT_REF);
  });

  it('--lines prints a range, numbered; --raw with --lines prints it as stored', async () => {
    const run = await runGardener([
      'show',
      id,
      '--lines',
      `${log.errorLine}-${log.errorLine + 1}`,
      ...seeded.flags,
    ]);
    expect(run.stdout).toContain(`── original, lines ${log.errorLine.toLocaleString('en-US')}–`);
    expect(run.stdout).toContain(`${log.errorLine}| `);
    const raw = await runGardener(['show', id, '--lines', String(log.errorLine), '--raw', ...seeded.flags]);
    expect(raw.stdout).toBe(log.text.split('\n')[log.errorLine - 1]);
  });

  it('--all prints the whole original', async () => {
    const run = await runGardener(['show', id, '--all', ...seeded.flags]);
    expect(run.stdout.endsWith(`── original\n${log.text}`)).toBe(true);
  });

  it('refuses a bad range and a range past the end, printing nothing', async () => {
    for (const lines of ['9-3', 'abc', '999999']) {
      const run = await runGardener(['show', id, '--lines', lines, ...seeded.flags]);
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/line/);
    }
  });

  it('says so when no line matches', async () => {
    const run = await runGardener(['show', id, '--grep', 'zzqqxx', ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no line matches "zzqqxx"');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';
import { seededDb } from './store-commands-support.js';

const ORIGINAL = 'line one\n  indented two\nno newline at the end';
const seeded = seededDb([
  { original: ORIGINAL, summary: 'two lines and a tail', class: 'code', sourcePath: 'a/b.py' },
]);
afterAll(seeded.cleanup);

describe('gardener show', () => {
  it('prints the original byte for byte with --raw', async () => {
    const run = await runGardener(['show', seeded.ids[0]!, '--raw', ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(ORIGINAL);
  });

  it('prints metadata then the original by default, the summary with --summary', async () => {
    const run = await runGardener(['show', seeded.ids[0]!, ...seeded.flags]);
    expect(run.stdout).toMatch(
      /^id {8}[0-9a-z]{8}\nclass {5}code · priority 20 · 100 → 10 tokens\nsource {4}a\/b\.py/,
    );
    expect(run.stdout.endsWith(`── original\n${ORIGINAL}\n`)).toBe(true);
    const summary = await runGardener(['show', seeded.ids[0]!, '--summary', '--raw', ...seeded.flags]);
    expect(summary.stdout).toBe('two lines and a tail');
  });

  it('prints the entry as JSON', async () => {
    const run = await runGardener(['show', seeded.ids[0]!, '--json', ...seeded.flags]);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: seeded.ids[0], original: ORIGINAL, class: 'code' });
  });

  it('exits 3 with a hint for an unknown id', async () => {
    const run = await runGardener(['show', 'zzzzzzzz', ...seeded.flags]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/no entry or note with id "zzzzzzzz"/);
  });
});

describe('gardener show --help', () => {
  it('says that the original comes back with its secrets redacted', async () => {
    const run = await runGardener(['show', '--help']);
    expect(run.stdout).toContain('with well-known secrets redacted');
    expect(run.stdout).toContain('Redaction wins over byte-exact fetch');
  });
});

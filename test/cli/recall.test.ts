import { afterAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';
import { seededDb } from './store-commands-support.js';

const seeded = seededDb([
  {
    original: 'FAILED tests/test_cart.py::test_discount - KeyError: "coupon"',
    class: 'log',
    sourceTool: 'Bash',
  },
  {
    original: 'def apply_discount(cart, coupon):\n    return cart.total * coupon.rate\n',
    class: 'code',
    sourceTool: 'Read',
    sourcePath: 'shop/cart.py',
    priority: 60,
  },
]);
afterAll(seeded.cleanup);
/** A long log with one line that matters, in a store of its own. */
const longLog = seededDb([
  {
    original: Array.from({ length: 3000 }, (_, i) =>
      i === 2333
        ? 'ERROR ledger mismatch in batch 77'
        : `INFO step ${i} of the nightly reconciliation went fine`,
    ).join('\n'),
    class: 'log',
    sourceTool: 'Bash',
  },
]);
afterAll(longLog.cleanup);

describe('gardener recall', () => {
  it('prints hits with id, class, source, signals and the matching text', async () => {
    const run = await runGardener(['recall', 'discount', 'coupon', ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(seeded.ids[0]);
    expect(run.stdout).toContain(seeded.ids[1]);
    expect(run.stdout).toMatch(/keyword:(discount|coupon)/);
    expect(run.stdout).toMatch(/2 hits · 2 entries searched/);
  });

  it('numbers each line of a passage, as its window label counts them', async () => {
    const run = await runGardener(['recall', 'ledger mismatch', ...longLog.flags]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/\[lines \d+-\d+\]/);
    expect(run.stdout).toMatch(/^ {4}2334\| ERROR ledger mismatch in batch 77$/m);
    expect(run.stdout).toMatch(/^ {4}2333\| INFO step 2332 of the nightly reconciliation went fine$/m);
  });

  it('prints JSON with the wire fields: relevance_signal and coverage', async () => {
    const run = await runGardener([
      'recall',
      'apply_discount in cart.py',
      '--json',
      '--class',
      'code',
      ...seeded.flags,
    ]);
    expect(run.code).toBe(0);
    const data = JSON.parse(run.stdout);
    expect(data.results).toHaveLength(1);
    expect(data.results[0]).toMatchObject({
      id: seeded.ids[1],
      class: 'code',
      source: { tool: 'Read', path: 'shop/cart.py' },
    });
    expect(data.results[0].relevance_signal).toMatch(/path:shop\/cart\.py/);
    expect(data.coverage.entries_scanned).toBe(1); // the code entries: what --class code searched
    expect(data.coverage.time_range).toHaveLength(2);
  });

  it('returns originals with --full', async () => {
    const run = await runGardener(['recall', 'apply_discount', '--full', '--json', ...seeded.flags]);
    expect(JSON.parse(run.stdout).results[0].text).toBe(
      'def apply_discount(cart, coupon):\n    return cart.total * coupon.rate\n',
    );
  });

  it('accepts FTS syntax in the query as plain text', async () => {
    const run = await runGardener(['recall', 'test_discount" OR NEAR( *', ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(seeded.ids[0]);
  });

  it('stays inside the project: another project finds nothing', async () => {
    const run = await runGardener(['recall', 'discount', '--db', seeded.flags[1]!, '--project', 'elsewhere']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/0 hits/);
  });

  it('rejects a bad --limit or --class with exit code 2', async () => {
    expect((await runGardener(['recall', 'timeout', '--limit', 'lots', ...seeded.flags])).code).toBe(2);
    const badClass = await runGardener(['recall', 'timeout', '--class', 'poem', ...seeded.flags]);
    expect(badClass.code).toBe(2);
    expect(badClass.stderr).toMatch(/unknown class "poem"/);
  });

  it('refuses a query with nothing to search for, exit 2', async () => {
    for (const query of ['?!', '...', 'the']) {
      const run = await runGardener(['recall', query, ...seeded.flags]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`gardener: nothing to search for in "${query}"`);
      expect(run.stdout).toBe('');
    }
  });

  it('says when other projects hold entries and this one found nothing', async () => {
    const run = await runGardener(['recall', 'timeout', '--db', seeded.db, '--project', 'elsewhere']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^\d+ entr(y is|ies are) in other projects \(this one, elsewhere, has 0\): --project NAME/,
    );
  });
});

describe('gardener recall in a short process', () => {
  it('trims hits to --max-tokens on an estimate, without loading the cl100k table', async () => {
    const { rankTableLoaded } = await import('../../src/core/tokens/tokenizer.js');
    const run = await runGardener([
      'recall',
      'discount',
      'coupon',
      '--full',
      '--max-tokens',
      '30',
      ...seeded.flags,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^1 hit/m);
    expect(run.stdout).toContain('cut to the token budget');
    expect(rankTableLoaded()).toBe(false);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';
import { seededDb } from './store-commands-support.js';

const seeded = seededDb([
  { original: 'stale build output from webpack' },
  { original: 'another webpack line' },
]);
afterAll(seeded.cleanup);

describe('gardener forget', () => {
  it('forgets an entry: gone from recall, still shown as forgotten', async () => {
    const run = await runGardener(['forget', seeded.ids[0]!, ...seeded.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^forgot ${seeded.ids[0]} \\(log, 100 tokens\\)`));
    const recall = await runGardener(['recall', 'stale webpack', '--json', ...seeded.flags]);
    expect(JSON.parse(recall.stdout).results.map((r: { id: string }) => r.id)).toEqual([seeded.ids[1]]);
    expect((await runGardener(['show', seeded.ids[0]!, ...seeded.flags])).stdout).toMatch(/\(forgotten\)/);
  });

  it('changes nothing when one of the ids is unknown', async () => {
    const run = await runGardener(['forget', seeded.ids[1]!, 'zzzzzzzz', ...seeded.flags]);
    expect(run.code).toBe(3);
    const recall = await runGardener(['recall', 'another webpack', '--json', ...seeded.flags]);
    expect(JSON.parse(recall.stdout).results).toHaveLength(1);
  });
});

describe('gardener note', () => {
  it('adds a note, redacting secrets, and lists it', async () => {
    const key = 'ghp_' + 'R2d2C3p0L8kM4nB6vX1zQ9wE7rT5yU3iO0pA';
    const add = await runGardener([
      'note',
      `CI token is ${key}; rotate monthly`,
      '--tag',
      'ci',
      ...seeded.flags,
    ]);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/^noted n[0-9a-z]{8} in shop \(secrets redacted\)\n$/);
    const list = await runGardener(['note', '--list', ...seeded.flags]);
    expect(list.stdout).toMatch(/CI token is \[REDACTED:github-token\]; rotate monthly {2}#ci/);
    expect(list.stdout).not.toContain(key);
  });

  it('reads the note from stdin with "-"', async () => {
    const run = await runGardener(['note', '-', '--json', ...seeded.flags], {
      stdin: 'the staging DB resets nightly\n',
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ text: 'the staging DB resets nightly' });
  });

  it('finds notes through recall', async () => {
    const run = await runGardener(['recall', 'staging', 'resets', '--json', ...seeded.flags]);
    expect(JSON.parse(run.stdout).results[0]).toMatchObject({
      class: 'note',
      relevance_signal: expect.stringMatching(/^note/),
    });
  });

  it('refuses an empty note', async () => {
    const run = await runGardener(['note', '  ', ...seeded.flags]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/needs some text/);
  });
});

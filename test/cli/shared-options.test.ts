import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  addSharedOptions,
  BUDGET_RULE,
  SHARED_OPTIONS,
  sharedOptionHelp,
} from '../../src/doors/kit/cli/options.js';
import { runGardener } from '../support/cli.js';

/** The help line of `flag` in `gardener <command> --help`, spaces collapsed. */
async function helpLine(command: string, flag: string): Promise<string> {
  const help = await runGardener([command, '--help']);
  const text = help.stdout.replace(/\n\s{10,}/g, ' ');
  const line = text.split('\n').find((l) => l.trimStart().startsWith(flag));
  if (line === undefined) throw new Error(`${command} --help has no ${flag}`);
  return line.replace(/\s+/g, ' ').trim();
}

describe('the shared option table', () => {
  it('composes a help line from what the option is, its rule and its default', () => {
    expect(sharedOptionHelp('budget', { defaultText: '160,000' })).toBe(
      `tokens each request must stay under, ${BUDGET_RULE} (default: 160,000)`,
    );
    expect(sharedOptionHelp('budget', { about: 'fit the transcript to this' })).toBe(
      `fit the transcript to this, ${BUDGET_RULE}`,
    );
    expect(sharedOptionHelp('redact')).toBe('store texts as given, without redacting secrets');
  });

  it('adds only the options a command declares, in the order of the table', () => {
    const command = addSharedOptions(new Command('x'), { redact: true, db: true, budget: true });
    expect(command.options.map((option) => option.flags)).toEqual([
      '--budget <tokens>',
      '--db <file>',
      '--no-redact',
    ]);
  });

  it('checks a budget the same way for every door', () => {
    expect(SHARED_OPTIONS.budget.parse('32000')).toBe(32_000);
    expect(() => SHARED_OPTIONS.budget.parse('999')).toThrow(/--budget must be a whole number from 1000/);
    expect(() => SHARED_OPTIONS.budget.parse('64000', { tokens: 32_000, of: 'x' })).toThrow(
      /--budget 64,000 is above the context window of x \(32,000 tokens\)/,
    );
  });

  it('gives every command that stores texts the same --no-redact and --db lines', async () => {
    for (const command of ['compress', 'ingest', 'note']) {
      expect(await helpLine(command, '--no-redact')).toBe(`--no-redact ${sharedOptionHelp('redact')}`);
      expect(await helpLine(command, '--db')).toBe(`--db <file> ${sharedOptionHelp('db')}`);
    }
  });

  it('bench states the budget rule and refuses a budget under the minimum, like the other doors', async () => {
    expect(await helpLine('bench', '--budget')).toContain(BUDGET_RULE);
    const run = await runGardener(['bench', '--budget', '999']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/--budget must be a whole number from 1000 to/);
  });
});

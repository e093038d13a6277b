import { describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';

const RULE = /at least 1,000, at most the model's context window/;

describe('--budget: one rule for every door', () => {
  it.each([
    ['chat', ['chat', '-p', 'hi', '--budget', '999']],
    ['proxy', ['proxy', '--budget', '999']],
    ['compress', ['compress', '--budget', '999']],
  ])('%s refuses a budget under 1,000 before doing anything', async (_door, args) => {
    const run = await runGardener(args, { env: { ANTHROPIC_API_KEY: 'test' } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/--budget must be a whole number from 1000 to/);
  });

  it('chat refuses a budget above the context window of its model, and takes it for a 1M model', async () => {
    const over = await runGardener(
      ['chat', '-p', 'hi', '--budget', '300000', '--model', 'claude-sonnet-4-6'],
      {
        env: { ANTHROPIC_API_KEY: 'test' },
      },
    );
    expect(over.code).toBe(2);
    expect(over.stderr).toMatch(
      /--budget 300,000 is above the context window of claude-sonnet-4-6 \(200,000 tokens\)/,
    );
    const big = await runGardener(
      ['chat', '-p', 'hi', '--budget', '300000', '--model', 'claude-sonnet-4-6[1m]'],
      {
        env: { ANTHROPIC_API_KEY: 'sk-ant-…' }, // refused later, for its key: the budget passed
      },
    );
    expect(big.stderr).not.toMatch(/--budget/);
    expect(big.stderr).toMatch(/API key/);
  });

  it('proxy and compress refuse a budget above the largest window', async () => {
    for (const args of [
      ['proxy', '--budget', '1000001'],
      ['compress', '--budget', '1000001'],
    ]) {
      const run = await runGardener(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /--budget 1,000,001 is above the context window of any model \(1,000,000 tokens\)/,
      );
    }
  });

  it.each(['chat', 'proxy', 'run', 'compress'])('%s --help states the rule', async (door) => {
    const help = await runGardener([door, '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toMatch(RULE);
  });
});

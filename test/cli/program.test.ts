import { describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';

describe('gardener CLI', () => {
  it('prints help listing the commands and exits 0', async () => {
    const run = await runGardener(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Usage: gardener/);
  });

  it('prints the package version', async () => {
    const run = await runGardener(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits 2 on an unknown command or option, with a message on stderr', async () => {
    const unknownCommand = await runGardener(['frobnicate']);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/unknown command|too many arguments/i);
    const unknownOption = await runGardener(['--frob']);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stdout).toBe('');
  });
});

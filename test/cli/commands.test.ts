import { Readable } from 'node:stream';
import { Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import type { CliIo } from '../../src/doors/kit/cli/io.js';
import { runGardener } from '../support/cli.js';

const io: CliIo = {
  stdout: { write: () => true, isTTY: false },
  stderr: { write: () => true, isTTY: false },
  stdin: Readable.from([]),
  env: {},
  cwd: process.cwd(),
};

describe('the static command table', () => {
  it('lists each command as its module makes it: the line help lists and the description', async () => {
    for (const entry of COMMANDS) {
      const command = (await entry.load())(io);
      expect({ term: new Help().subcommandTerm(command), description: command.description() }).toEqual({
        term: `${entry.name} ${entry.term}`.trimEnd(),
        description: entry.description,
      });
    }
  });

  it('gardener --help lists every command of the table with its options and arguments', async () => {
    const run = await runGardener(['--help']);
    expect(run.code).toBe(0);
    for (const entry of COMMANDS) expect(run.stdout).toContain(`${entry.name} ${entry.term}`);
  });

  it("a command's own help and `gardener help <command>` show its options (the command is loaded)", async () => {
    const own = await runGardener(['recall', '--help']);
    const viaHelp = await runGardener(['help', 'recall']);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('--max-tokens');
    expect(viaHelp.stdout).toBe(own.stdout);
  });

  it('an unknown command still fails with a suggestion', async () => {
    const run = await runGardener(['recal', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'recal'");
    expect(run.stderr).toContain('recall');
  });
});

import { Command, CommanderError } from 'commander';
import { GardenerError, isGardenerError } from '../errors.js';
import { commandTerm, COMMANDS } from './commands.js';
import { CHILD_EXIT } from '../doors/kit/cli/child-exit.js';
import type { CliIo } from '../doors/kit/cli/io.js';
import { packageVersion } from '../doors/kit/cli/version.js';
import { terminalSafe } from '../doors/kit/terminal-safe.js';
import { drainHookSpool } from '../doors/claude-code/drain.js';
import { setSpoolDrainer } from '../doors/kit/spooled.js';

export { COMMANDS };

/**
 * The program with every command: the one args name (`gardener <command> …` or `gardener help
 * <command>`) is loaded and made in full; the others are listed by name, usage and description
 * only, so a process loads one command's door.
 */
export async function buildProgram(io: CliIo, args: readonly string[] = []): Promise<Command> {
  // Whatever reads the store first stores what Claude Code's hooks spooled (the kit asks this door).
  setSpoolDrainer(drainHookSpool);
  const program = new Command('gardener')
    .description(
      "Keep an LLM agent's context small, fast and faithful: incremental, algorithmic context compaction.",
    )
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ subcommandTerm: commandTerm })
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride();
  const wanted = args[0] === 'help' ? args[1] : args[0];
  for (const entry of COMMANDS) {
    const command =
      entry.name === wanted
        ? (await entry.load())(io)
        : new Command(entry.name).description(entry.description);
    command.exitOverride();
    command.configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
    program.addCommand(command);
  }
  return program;
}

/** Runs the CLI with args (without node and script) and returns the exit code; never exits. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const program = await buildProgram(io, args);
    await program.parseAsync([...args], { from: 'user' });
    return 0;
  } catch (error) {
    return reportError(error, io);
  }
}

function reportError(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    if (error.code === CHILD_EXIT) return error.exitCode; // `gardener run`: the child's exit code
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.exitCode === 0
    )
      return 0;
    return 2; // commander already printed the message
  }
  if (isGardenerError(error)) {
    // A message can quote the input it refuses (a role, a field, a path): shown, never sent to the terminal.
    io.stderr.write(terminalSafe(`gardener: ${error.message}\n`));
    if (error.hint) io.stderr.write(terminalSafe(`  ${error.hint}\n`));
    return error.exitCode;
  }
  const internal = new GardenerError('INTERNAL', error instanceof Error ? error.message : String(error));
  io.stderr.write(terminalSafe(`gardener: internal error: ${internal.message}\n`));
  if (error instanceof Error && error.stack && io.env['GARDENER_DEBUG']) io.stderr.write(`${error.stack}\n`);
  return internal.exitCode;
}

import { Command, CommanderError } from 'commander';
import { GardenerError, isGardenerError } from '../errors.js';
import { makeBenchCommand } from './bench.js';
import { makeChatCommand } from './chat.js';
import { makeCompressCommand } from './compress.js';
import { makeForgetCommand } from './forget.js';
import { makeHookCommand } from './hook.js';
import { makeIngestCommand } from './ingest.js';
import { makeInstallCommand } from './install.js';
import { makeMcpCommand } from './mcp.js';
import { makeNoteCommand } from './note.js';
import { makeRecallCommand } from './recall.js';
import { makeShowCommand } from './show.js';
import { makeStatsCommand } from './stats.js';
import { makeProxyCommand } from './proxy.js';
import { makeRunCommand, CHILD_EXIT } from './run.js';
import { makeStatuslineCommand } from './statusline.js';
import type { CliIo } from './io.js';
import { packageVersion } from './version.js';

/** Each command registers here: one make<X>Command(io) per file in src/cli/. */
const COMMANDS: Array<(io: CliIo) => Command> = [
  makeChatCommand,
  makeCompressCommand,
  makeBenchCommand,
  makeRecallCommand,
  makeShowCommand,
  makeForgetCommand,
  makeNoteCommand,
  makeStatsCommand,
  makeIngestCommand,
  makeProxyCommand,
  makeRunCommand,
  makeStatuslineCommand,
  makeMcpCommand,
  makeHookCommand,
  makeInstallCommand,
];

export function buildProgram(io: CliIo): Command {
  const program = new Command('gardener')
    .description(
      "Keep an LLM agent's context small, fast and faithful: incremental, algorithmic context compaction.",
    )
    .version(packageVersion(), '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride();
  for (const make of COMMANDS) {
    const command = make(io).exitOverride();
    command.configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
    program.addCommand(command);
  }
  return program;
}

/** Runs the CLI with args (without node and script) and returns the exit code; never exits. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
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
    io.stderr.write(`gardener: ${error.message}\n`);
    if (error.hint) io.stderr.write(`  ${error.hint}\n`);
    return error.exitCode;
  }
  const internal = new GardenerError('INTERNAL', error instanceof Error ? error.message : String(error));
  io.stderr.write(`gardener: internal error: ${internal.message}\n`);
  if (error instanceof Error && error.stack && io.env['GARDENER_DEBUG']) io.stderr.write(`${error.stack}\n`);
  return internal.exitCode;
}

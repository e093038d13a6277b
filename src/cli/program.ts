import { Command, CommanderError } from 'commander';
import { GardenerError, isGardenerError } from '../errors.js';
import { makeBenchCommand } from '../doors/bench/cli/bench.js';
import { makeChatCommand } from '../doors/chat/cli/chat.js';
import { makeCompressCommand } from '../doors/batch/cli/compress.js';
import { makeForgetCommand } from '../doors/batch/cli/forget.js';
import { makeHookCommand } from '../doors/claude-code/cli/hook.js';
import { makeIngestCommand } from '../doors/batch/cli/ingest.js';
import { makeInstallCommand } from '../doors/claude-code/cli/install.js';
import { makeMcpCommand } from '../doors/claude-code/cli/mcp.js';
import { makeNoteCommand } from '../doors/batch/cli/note.js';
import { makeRecallCommand } from '../doors/batch/cli/recall.js';
import { makeShowCommand } from '../doors/batch/cli/show.js';
import { makeStatsCommand } from '../doors/batch/cli/stats.js';
import { makeProxyCommand } from '../doors/proxy/cli/proxy.js';
import { makeRunCommand, CHILD_EXIT } from '../doors/proxy/cli/run.js';
import { makeStatuslineCommand } from '../doors/claude-code/cli/statusline.js';
import type { CliIo } from '../doors/kit/cli/io.js';
import { packageVersion } from '../doors/kit/cli/version.js';
import { drainHookSpool } from '../doors/claude-code/drain.js';
import { setSpoolDrainer } from '../doors/kit/spooled.js';

/** Each command registers here: one make<X>Command(io) per file, in its door's cli/ folder. */
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
  // Whatever reads the store first stores what Claude Code's hooks spooled (the kit asks this door).
  setSpoolDrainer(drainHookSpool);
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

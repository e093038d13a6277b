import { spawn } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { Command, CommanderError } from 'commander';
import { GardenerError } from '../../../errors.js';
import { DATABASE_FILE } from '../../../core/store/index.js';
import { CHILD_EXIT } from '../../kit/cli/child-exit.js';
import type { CliIo } from '../../kit/cli/io.js';
import { addProxyOptions, runtimeOptions, type ProxyFlags } from './proxy.js';

/** Exit code of a child killed by a signal, as shells report it (128 + the signal's number). */
const SIGNAL_EXIT: Record<string, number> = {
  SIGHUP: 129,
  SIGINT: 130,
  SIGQUIT: 131,
  SIGKILL: 137,
  SIGTERM: 143,
};

/** The command's `gardener show ID` (the way back stubs name) must open the proxy's store. */
function storeEnv(storePath: string): Record<string, string> {
  return basename(storePath) === DATABASE_FILE ? { GARDENER_HOME: dirname(storePath) } : {};
}

/** `gardener run -- claude …`: the command talks to a private proxy; gardener says what it did when it exits. */
export function makeRunCommand(io: CliIo): Command {
  const command = new Command('run')
    .description('Run a command (e.g. claude) with ANTHROPIC_BASE_URL pointed at a private gardener proxy')
    .argument('<command>', 'the command to run, after --')
    .argument('[args...]', 'its arguments (after --, so their flags are not taken for gardener flags)');
  return addProxyOptions(command).action(async (program: string, args: string[], flags: ProxyFlags) => {
    const options = await runtimeOptions(io, flags, { host: '127.0.0.1', port: 0 });
    const { openProxy } = await import('../runtime.js');
    const { summaryLines } = await import('../report.js');
    const runtime = await openProxy(options);
    // The child owns the terminal: a Ctrl-C reaches it directly; gardener waits for it to exit.
    const ignore = () => {};
    process.on('SIGINT', ignore);
    let code: number;
    try {
      code = await new Promise<number>((resolve, reject) => {
        const child = spawn(program, args, {
          stdio: 'inherit',
          cwd: io.cwd,
          env: { ...io.env, ...storeEnv(options.storePath), ANTHROPIC_BASE_URL: runtime.server.url },
        });
        child.on('error', (error) =>
          reject(new GardenerError('USAGE', `cannot run ${program}: ${error.message}`, { cause: error })),
        );
        child.on('exit', (exit, signal) => resolve(exit ?? (signal ? (SIGNAL_EXIT[signal] ?? 1) : 1)));
      });
    } finally {
      // Still ignored while the proxy saves its gardens: a late Ctrl-C must not cut that short.
      await runtime.close();
      process.off('SIGINT', ignore);
    }
    for (const line of summaryLines(runtime.tally())) io.stderr.write(`${line}\n`);
    if (code !== 0) throw new CommanderError(code, CHILD_EXIT, '');
  });
}

import { processIo } from '../doors/kit/cli/io.js';

// A reader that stops early (`gardener bench … | head`) closes the pipe: the rest of the output has
// nowhere to go, which is the reader's choice, not a failure to report with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

/** `gardener --version` alone answers before the commands are loaded: it is what scripts call most. */
const VERSION_ONLY: ReadonlySet<string> = new Set(['--version', '-v']);
const args = process.argv.slice(2);

// The only place that sets the process exit code.
if (args.length === 1 && VERSION_ONLY.has(args[0] as string)) {
  const { packageVersion } = await import('../doors/kit/cli/version.js');
  process.stdout.write(`${packageVersion()}\n`);
  process.exitCode = 0;
} else {
  const { runCli } = await import('./program.js');
  process.exitCode = await runCli(args, processIo());
}

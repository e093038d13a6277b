import { processIo } from './io.js';
import { runCli } from './program.js';

// A reader that stops early (`gardener bench … | head`) closes the pipe: the rest of the output has
// nowhere to go, which is the reader's choice, not a failure to report with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

// The only place that sets the process exit code.
process.exitCode = await runCli(process.argv.slice(2), processIo());

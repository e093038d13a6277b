// The CLI process for every command (main.ts picks it): its streams, its heap, its exit code.
import { processIo } from '../doors/kit/cli/io.js';

/** The exit code of a process a closed pipe stopped, as shells report one killed by SIGPIPE (128 + 13). */
const BROKEN_PIPE_EXIT = 141;

// A reader that stops early (`gardener compress … | head`) closes the pipe: the rest of the output
// has nowhere to go. No stack trace, but not success either: the output was cut, and a script
// (`set -o pipefail`) must be able to tell, as it can for any tool stopped so.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(BROKEN_PIPE_EXIT);
  });
}

/**
 * How far V8 lets the heap grow past what was live at the last full collection, in percent. Its
 * default grows up to 4× while a one-shot command allocates fast and rarely collects, so the peak
 * RSS of a whole transcript's compression was mostly garbage (docs/BENCH.md § Provenance).
 */
const HEAP_GROWING_PERCENT = 20;

/** node:v8 loads only here: a few milliseconds every other command need not pay. */
async function keepHeapNearLive(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

const args = process.argv.slice(2);
// One lazy module (it brings the command table): in the bundled CLI each one is a file or two more.
const { COMMANDS, runCli } = await import('./program.js');
if (COMMANDS.find((entry) => entry.name === args[0])?.wholeTranscript) await keepHeapNearLive();
// The only place that sets the process exit code (but main.ts's `--version`).
process.exitCode = await runCli(args, processIo());

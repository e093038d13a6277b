import { setFlagsFromString } from 'node:v8';
import { processIo } from '../doors/kit/cli/io.js';

// A reader that stops early (`gardener bench … | head`) closes the pipe: the rest of the output has
// nowhere to go, which is the reader's choice, not a failure to report with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

/**
 * How far V8 lets the heap grow past what was live at the last full collection, in percent. Its
 * default grows up to 4× while a one-shot command allocates fast and rarely collects, so the peak
 * RSS of a whole transcript's compression was mostly garbage (benchmarks/compress-memory.ts).
 */
const HEAP_GROWING_PERCENT = 20;

function keepHeapNearLive(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
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
  const { COMMANDS } = await import('./commands.js');
  if (COMMANDS.find((entry) => entry.name === args[0])?.wholeTranscript) keepHeapNearLive();
  const { runCli } = await import('./program.js');
  process.exitCode = await runCli(args, processIo());
}

import { processIo } from './io.js';
import { runCli } from './program.js';

// The only place that sets the process exit code.
process.exitCode = await runCli(process.argv.slice(2), processIo());

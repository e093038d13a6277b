import { processIo } from '../../kit/cli/io.js';
import { runHookEvent } from './hook-run.js';

// The lightweight process entry of `gardener-hook <event>` (no commander, no engine until needed).
// A hook always exits 0 and prints nothing on failure: Claude Code must never see gardener fail.
try {
  await runHookEvent(process.argv[2] ?? '', processIo());
} catch (error) {
  const { debug } = await import('../../../debug.js');
  debug('hook', 'hook process failed', String(error));
}
process.exitCode = 0;

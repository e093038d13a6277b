import { Command } from 'commander';
import { HOOK_EVENTS } from '../hooks/payload.js';
import type { CliIo } from '../../kit/cli/io.js';

/** `gardener hook <event>`: what Claude Code runs for each hook (the plugin uses `gardener-hook`, the same without the CLI). */
export function makeHookCommand(io: CliIo): Command {
  return new Command('hook')
    .description(
      'Handle a Claude Code hook: reads its JSON on stdin, stores and answers; never fails the session',
    )
    .argument('<event>', `one of: ${HOOK_EVENTS.join(', ')}`)
    .addHelpText(
      'after',
      '\nErrors go to gardener.log beside the database, never to Claude Code. GARDENER_HOOK_SERVER=0 skips the running server; GARDENER_HOOK_SPOOL=0 makes a hook without a server store its result itself instead of spooling it.\n',
    )
    .action(async (event: string) => {
      const { runHookEvent } = await import('./hook-run.js');
      await runHookEvent(event, io);
    });
}

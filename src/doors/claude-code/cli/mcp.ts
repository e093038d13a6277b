import type { Writable } from 'node:stream';
import { Command } from 'commander';
import type { CliIo } from '../../kit/cli/io.js';
import { addStoreOptions, type StoreFlags } from '../../kit/cli/store-options.js';
import { packageVersion } from '../../kit/cli/version.js';

interface McpFlags extends StoreFlags {
  hookServer: boolean;
}

/** `gardener mcp`: the stdio MCP server Claude Code starts (tools recall, fetch, context_pressure, forget, note). */
export function makeMcpCommand(io: CliIo): Command {
  const command = new Command('mcp')
    .description(
      'Run the MCP server (stdio) that gives an agent recall, fetch, context_pressure, forget and note',
    )
    .option('--no-hook-server', 'do not take hooks over a local socket (each hook then runs on its own)');
  return addStoreOptions(command)
    .addHelpText(
      'after',
      '\nScope: the project of $CLAUDE_PROJECT_DIR (else this folder) and the session $CLAUDE_CODE_SESSION_ID,\nboth set by Claude Code. stdout carries the protocol; problems go to gardener.log beside the database.\n',
    )
    .action(async (flags: McpFlags) => {
      const { openMcpDoor } = await import('../mcp/session.js');
      const { createStdioTransport } = await import('../mcp/stdio-transport.js');
      const { logProblem } = await import('../hooks/log.js');
      const door = await openMcpDoor({
        env: io.env,
        cwd: io.cwd,
        version: packageVersion(),
        hookServer: flags.hookServer,
        ...(flags.db !== undefined ? { db: flags.db } : {}),
        ...(flags.project !== undefined ? { project: flags.project } : {}),
        ...(flags.session !== undefined ? { session: flags.session } : {}),
      });
      const transport = createStdioTransport(io.stdin, io.stdout as unknown as Writable, (problem) =>
        logProblem(door.store.path, 'mcp', problem),
      );
      const closed = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
        io.stdin.once('end', () => resolve());
      });
      await door.server.connect(transport);
      await closed;
      await transport.idle(); // what was asked before the input ended is still answered
      await door.close();
    });
}

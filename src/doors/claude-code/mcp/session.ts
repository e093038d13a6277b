import { resolveTarget } from '../../kit/scope.js';
import { openDoorStore } from '../../kit/store.js';
import { storeSpooled } from '../hooks/run.js';
import { startHookServer, type HookServer } from '../hooks/server.js';
import type { GardenerStore, Scope } from '../../../core/store/index.js';
import { createMcpServer } from './server.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { logProblem } from '../hooks/log.js';

export interface McpDoorOptions {
  env: Record<string, string | undefined>;
  cwd: string;
  version: string;
  /** Explicit store, project and session (flags); by default from Claude Code's environment. */
  db?: string;
  project?: string;
  session?: string;
  /** Also serve hooks over a local socket (default true). */
  hookServer?: boolean;
}

/** The MCP door: its server, store, the scope it follows, and the hook server beside it. */
export interface McpDoor {
  server: McpServer;
  store: GardenerStore;
  scope(): Scope;
  hooks: HookServer | undefined;
  close(): Promise<void>;
}

/**
 * Opens the MCP door. Scope: the project of $CLAUDE_PROJECT_DIR (else the working folder) and the
 * Claude Code session of $CLAUDE_CODE_SESSION_ID (Claude Code 2.1 sets both for MCP servers); when
 * a hook of the same project arrives with another session id (after /clear, or a resume that forked),
 * the tools follow it.
 */
export async function openMcpDoor(options: McpDoorOptions): Promise<McpDoor> {
  const cwd = options.env['CLAUDE_PROJECT_DIR'] || options.cwd;
  const session = options.session ?? options.env['CLAUDE_CODE_SESSION_ID'];
  const target = resolveTarget({
    env: options.env,
    cwd,
    ...(options.db !== undefined ? { db: options.db } : {}),
    ...(options.project !== undefined ? { project: options.project } : {}),
    ...(session ? { session } : {}),
  });
  let scope = target.scope;
  // A store it may not write still serves recall, fetch and context_pressure; note and forget say why not.
  const store = openDoorStore(target, { server: true, readonlyFallback: true });
  const server = createMcpServer(
    { store, scope: () => scope, storeSpooled: () => storeSpooled(store, options.env) },
    options.version,
  );
  let hooks: HookServer | undefined;
  if (options.hookServer !== false && store.index.writable) {
    try {
      hooks = await startHookServer({
        store,
        env: options.env,
        onScope: (next) => {
          if (next.project === scope.project && options.session === undefined) scope = next;
        },
      });
    } catch (error) {
      logProblem(store.path, 'mcp', 'hook server not started; hooks will run in their own processes', error);
    }
  }
  return {
    server,
    store,
    scope: () => scope,
    hooks,
    async close() {
      await hooks?.close();
      await server.close();
      store.close();
    },
  };
}

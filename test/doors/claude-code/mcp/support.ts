import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach } from 'vitest';
import { openMcpDoor, type McpDoor } from '../../../../src/doors/claude-code/mcp/session.js';
import { hookWorld, SESSION, type HookWorld } from '../hooks/support.js';

export type ToolText = { content: Array<{ type: string; text: string }>; isError?: boolean };

/** An MCP client connected in memory to a fresh `gardener mcp` door and its hook world. */
export interface McpHarness {
  world: HookWorld;
  door: McpDoor;
  client: Client;
  call: (name: string, args?: Record<string, unknown>) => Promise<ToolText>;
}

/** Opens a door and a client before each test of the file, and closes them after it. */
export function useMcpHarness(): McpHarness {
  const harness = {} as McpHarness;
  beforeEach(async () => {
    harness.world = hookWorld();
    harness.door = await openMcpDoor({
      env: { ...harness.world.env, CLAUDE_CODE_SESSION_ID: SESSION },
      cwd: '/',
      version: '0.0.0-test',
      hookServer: false,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await harness.door.server.connect(serverSide);
    harness.client = new Client({ name: 'test', version: '0' });
    await harness.client.connect(clientSide);
  });
  afterEach(async () => {
    await harness.client.close();
    await harness.door.close();
    harness.world.cleanup();
  });
  harness.call = async (name, args = {}) =>
    (await harness.client.callTool({ name, arguments: args })) as ToolText;
  return harness;
}

/** A tool result's text. */
export const toolText = (result: ToolText): string => result.content.map((c) => c.text).join('\n');

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { CONTENT_CLASSES } from '../../../core/classify/index.js';
import { isGardenerError } from '../../../errors.js';
import {
  MAX_TOOL_RECALL,
  TOOL_TEXT,
  fetchTool,
  forgetTool,
  noteTool,
  pressureTool,
  recallTool,
  type ToolDeps,
} from './tools.js';

type ToolResult = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };

/** A tool's answer; a GardenerError (unknown id, empty note…) becomes a tool error the model can read. */
function answer(run: () => string): ToolResult {
  try {
    return { content: [{ type: 'text', text: run() }] };
  } catch (error) {
    if (!isGardenerError(error)) throw error;
    return {
      content: [{ type: 'text', text: `${error.message}${error.hint ? `\n${error.hint}` : ''}` }],
      isError: true,
    };
  }
}

/** gardener's MCP server: recall, fetch, context_pressure, forget and note over one store and scope. */
export function createMcpServer(deps: ToolDeps, version: string): McpServer {
  const server = new McpServer({ name: 'gardener', version });
  server.registerTool(
    'recall',
    {
      description: TOOL_TEXT.recall,
      inputSchema: {
        query: z
          .string()
          .describe('Words to look for: error names, paths, identifiers, what the output was about'),
        limit: z.number().int().min(1).max(MAX_TOOL_RECALL).optional().describe('Results wanted (default 5)'),
        class: z.enum(CONTENT_CLASSES).optional().describe('Only entries of this class'),
      },
      annotations: { readOnlyHint: true },
    },
    (args) => answer(() => recallTool(deps, args)),
  );
  server.registerTool(
    'fetch',
    {
      description: TOOL_TEXT.fetch,
      inputSchema: {
        id: z.string().min(1).describe('Entry or note id, e.g. from a recall result'),
        offset: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('Character offset to continue a long original from'),
        query: z
          .string()
          .min(1)
          .optional()
          .describe('Only the lines of the original holding this text (else all its words), with context'),
        from_line: z.number().int().min(1).optional().describe('With query: search from this line on'),
        lines: z
          .string()
          .optional()
          .describe(
            'Only these lines of the original, numbered: a range such as 230-346 (or 230- to the end)',
          ),
      },
      annotations: { readOnlyHint: true },
    },
    (args) => answer(() => fetchTool(deps, args)),
  );
  server.registerTool(
    'context_pressure',
    { description: TOOL_TEXT.context_pressure, annotations: { readOnlyHint: true } },
    () => answer(() => pressureTool(deps)),
  );
  server.registerTool(
    'forget',
    { description: TOOL_TEXT.forget, inputSchema: { id: z.string().min(1).describe('Entry or note id') } },
    (args) => answer(() => forgetTool(deps, args)),
  );
  server.registerTool(
    'note',
    {
      description: TOOL_TEXT.note,
      inputSchema: {
        text: z.string().min(1).describe('The fact, in one or a few sentences'),
        tags: z.array(z.string()).optional().describe('Single-word tags, e.g. ["decision"]'),
      },
    },
    (args) => answer(() => noteTool(deps, args)),
  );
  return server;
}

import { hintCommand, hintPath } from '../../../core/classify/index.js';
import { compress } from '../../../core/compress/index.js';
import type { Block, MessageParam } from '../../../core/transcript/index.js';
import { mcpWords, type HookContext } from './context.js';
import type { HookPayload } from './payload.js';
import { addItems, loadIndex, saveIndex, type IndexItem } from './session-index.js';
import { storeMessages } from './store-turn.js';
import { responseMedia } from './tool-media.js';
import { toolOutput } from './tool-output.js';

/** gardener's own MCP tools: their results are recalled copies of what is stored already. */
const OWN_TOOLS = /^mcp__(plugin_gardener_)?gardener__/;
/** Tools that change the file they name. */
const WRITING_TOOLS: ReadonlySet<string> = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/**
 * PostToolUse (and PostToolUseFailure): stores the tool call and its result as they happen, as the
 * model reads it. A large result goes to the model already gardened (its summary and the way back)
 * when the engine chooses that form for its first send and the tool's response can carry it: the
 * hook prints `updatedToolOutput`. Claude Code owns its context after that, so this is the one
 * change gardener makes to it, and it is thinking-safe and cache-neutral by construction. Prints
 * nothing otherwise. Results of gardener's own tools are not stored again.
 */
export function postToolUse(payload: HookPayload, ctx: HookContext): string {
  const name = payload.tool_name ?? 'unknown';
  if (OWN_TOOLS.test(name)) return '';
  const id = payload.tool_use_id ?? `hook-${ctx.now()}`;
  const input = isRecord(payload.tool_input) ? payload.tool_input : {};
  const failed = payload.error !== undefined;
  const media = failed ? undefined : responseMedia(payload.tool_response);
  const output = failed || media ? undefined : toolOutput(name, payload.tool_response);
  const content = failed ? (payload.error ?? '') : (media ?? output?.text ?? '');
  const result: Block = { type: 'tool_result', tool_use_id: id, content };
  if (failed) result.is_error = true;
  const messages: MessageParam[] = [
    { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
    { role: 'user', content: [result] },
  ];
  const turn = storeMessages(
    ctx.store,
    ctx.scope,
    messages,
    compress,
    output?.replace ? { firstSend: mcpWords(ctx.toolPrefix) } : {},
  );
  if (turn.stored.length === 0) return '';
  const hints = { role: 'assistant' as const, blockType: 'tool_use', toolName: name, toolInput: input };
  const path = hintPath(hints);
  const command = hintCommand(hints);
  const items: IndexItem[] = turn.stored.map((s) => ({
    id: s.id,
    cls: s.cls,
    tool: name,
    tokens: s.tokens,
    error: failed,
    at: ctx.now(),
    ...(path ? { path } : {}),
    ...(command ? { command } : {}),
    ...(path && WRITING_TOOLS.has(name) ? { wrote: true } : {}),
  }));
  saveIndex(ctx.store, ctx.scope, addItems(loadIndex(ctx.store, ctx.scope), items));
  if (turn.sent === undefined || !output?.replace) return '';
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: output.replace(turn.sent) },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

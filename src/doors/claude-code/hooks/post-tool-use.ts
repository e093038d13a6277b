import { hintCommand, hintPath } from '../../../core/classify/index.js';
import { compress } from '../../../core/compress/index.js';
import type { Block, MessageParam } from '../../../core/transcript/index.js';
import type { HookContext } from './context.js';
import type { HookPayload } from './payload.js';
import { addItems, loadIndex, saveIndex, type IndexItem } from './session-index.js';
import { storeMessages } from './store-turn.js';
import { responseMedia } from './tool-media.js';
import { responseText } from './tool-text.js';

/** gardener's own MCP tools: their results are recalled copies of what is stored already. */
const OWN_TOOLS = /^mcp__(plugin_gardener_)?gardener__/;
/** Tools that change the file they name. */
const WRITING_TOOLS: ReadonlySet<string> = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/**
 * PostToolUse (and PostToolUseFailure): stores the tool call and its result as they happen. Prints
 * nothing: the model already has the result, and Claude Code owns its context. Results of gardener's
 * own tools are not stored again.
 */
export function postToolUse(payload: HookPayload, ctx: HookContext): string {
  const name = payload.tool_name ?? 'unknown';
  if (OWN_TOOLS.test(name)) return '';
  const id = payload.tool_use_id ?? `hook-${ctx.now()}`;
  const input = isRecord(payload.tool_input) ? payload.tool_input : {};
  const failed = payload.error !== undefined;
  const content = failed
    ? (payload.error ?? '')
    : (responseMedia(payload.tool_response) ?? responseText(payload.tool_response));
  const result: Block = { type: 'tool_result', tool_use_id: id, content };
  if (failed) result.is_error = true;
  const messages: MessageParam[] = [
    { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
    { role: 'user', content: [result] },
  ];
  const stored = storeMessages(ctx.store, ctx.scope, messages, compress);
  if (stored.length === 0) return '';
  const hints = { role: 'assistant' as const, blockType: 'tool_use', toolName: name, toolInput: input };
  const path = hintPath(hints);
  const command = hintCommand(hints);
  const items: IndexItem[] = stored.map((s) => ({
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
  return '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

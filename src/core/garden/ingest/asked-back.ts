import { hintPath } from '../../classify/index.js';
import type { Block } from '../../transcript/index.js';
import type { Slot } from '../view/slot.js';
import type { View } from '../view/view.js';

/**
 * Whether a new block is content the model asked for back (plan/window.ts keeps it whole a while):
 * the output of gardener's own way back — `gardener show` or `gardener recall` run in the client's
 * shell, the MCP or chat tools `fetch` and `recall` — or a second read of the same file, the same
 * part of it, as an earlier call.
 */
export function askedBack(view: View, slot: Slot, block: Block, message: number): boolean {
  if (slot.call !== undefined && GARDENER_COMMAND.test(slot.call)) return true;
  if (block.type !== 'tool_result' || !slot.tool) return false;
  const { name, input } = slot.tool;
  if (WAY_BACK_TOOL.test(name)) return true;
  return rereads(view, name, input, block.tool_use_id, message);
}

/** `gardener show ID`, `gardener recall "…"` in a shell command. */
const GARDENER_COMMAND = /(?:^|[\s;&|(])gardener\s+(?:show|recall)\b/;
/** gardener's tools: the chat's own (`fetch`, `recall`) and the MCP server's (`mcp__…gardener__fetch`). */
const WAY_BACK_TOOL = /^(?:fetch|recall|mcp__(?:plugin_gardener_)?gardener__(?:fetch|recall))$/;

/** Whether an earlier call of the same tool read the same file with the same input. */
function rereads(
  view: View,
  name: string,
  input: Record<string, unknown>,
  id: string,
  message: number,
): boolean {
  const path = hintPath({ role: 'assistant', blockType: 'tool_use', toolName: name, toolInput: input });
  if (path === undefined || !/^(?:read|view|Read|cat)$/i.test(name)) return false;
  const same = JSON.stringify(input);
  for (const [other, call] of view.toolCalls)
    if (
      other !== id &&
      call.name === name &&
      JSON.stringify(call.input) === same &&
      earlier(view, other, message)
    )
      return true;
  return false;
}

/** Whether the tool call `id` sits in a message before `message`. */
function earlier(view: View, id: string, message: number): boolean {
  for (let m = message - 1; m >= 0; m--)
    for (const slot of view.messages[m]?.slots ?? [])
      if (slot.block.type === 'tool_use' && slot.block.id === id) return true;
  return false;
}

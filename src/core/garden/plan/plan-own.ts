import type { Step } from './planner.js';
import type { Slot } from '../view/slot.js';
import type { View } from '../view/view.js';

/**
 * Tools whose result echoes the agent's own words back: an edit's snippet, a written file, an
 * approved plan. Names across the clients gardener reads (Claude Code, SWE-agent, OpenHands…).
 */
const ECHO_TOOLS = new Set([
  'Edit',
  'MultiEdit',
  'Write',
  'NotebookEdit',
  'ExitPlanMode',
  'str_replace_editor',
  'str_replace_based_edit_tool',
  'edit_file',
  'create_file',
  'write_file',
]);

/** The agent's own words: its text and tool calls, and the results that echo a tool call's input back. */
export function isOwnWords(slot: Slot): boolean {
  if (slot.role === 'assistant') return slot.kind === 'text' || slot.kind === 'tool_use';
  return slot.kind === 'tool_result' && slot.tool !== undefined && ECHO_TOOLS.has(slot.tool.name);
}

/**
 * When an event cannot reach the low-water mark the planner takes every step it has; the agent's
 * own words are then summarised but not stubbed (the traced losses: an approved plan and
 * Write inputs stubbed while code was only summarised). Their stub steps are dropped.
 */
export function keepOwnWords(view: View, steps: readonly Step[]): Step[] {
  return steps.filter((step) => {
    if (step.to !== 'stub') return true;
    const slot = view.byKey.get(step.key);
    return slot === undefined || !isOwnWords(slot);
  });
}

import type { Json } from './types.js';

/**
 * Server-side context editing (platform.claude.com, build-with-claude/context-editing), applied to
 * the request before it is billed, cached and read by the model; the client keeps its history.
 */

export const CONTEXT_MANAGEMENT_BETA = 'context-management-2025-06-27';

/**
 * What a cleared tool result becomes. The API's own placeholder text is not documented; this is the
 * fake's.
 */
export const CLEARED_PLACEHOLDER = '[fake-anthropic: this tool result was cleared by context management]';

const CLEAR_TOOL_USES = 'clear_tool_uses_20250919';
const CLEAR_THINKING = 'clear_thinking_20251015';
/** Defaults of clear_tool_uses_20250919. */
const DEFAULT_TRIGGER = { type: 'input_tokens', value: 100_000 };
const DEFAULT_KEEP_TOOL_USES = 3;

export type AppliedEdit =
  | { type: typeof CLEAR_THINKING; cleared_thinking_turns: number; cleared_input_tokens: number }
  | { type: typeof CLEAR_TOOL_USES; cleared_tool_uses: number; cleared_input_tokens: number };

/** The API's 400 for a `context_management` it does not take, if any. */
export function checkContextManagement(body: Json, betas: ReadonlySet<string>): string | undefined {
  const management = body.context_management;
  if (management === undefined) return undefined;
  if (!betas.has(CONTEXT_MANAGEMENT_BETA)) return 'context_management: Extra inputs are not permitted';
  if (!Array.isArray(management?.edits)) return 'context_management.edits: Field required';
  for (const [i, edit] of (management.edits as Json[]).entries()) {
    const where = `context_management.edits.${i}`;
    if (edit?.type === CLEAR_THINKING) {
      if (i > 0) return `${where}: ${CLEAR_THINKING} must be listed first in the edits array`;
      const keep = edit.keep;
      const turns = keep?.type === 'thinking_turns' && Number.isInteger(keep.value) && keep.value > 0;
      if (keep !== undefined && keep !== 'all' && !turns)
        return `${where}.keep: Input should be 'all' or {"type": "thinking_turns", "value": N} with N > 0`;
    } else if (edit?.type === CLEAR_TOOL_USES) {
      const problem = checkClearToolUses(edit, where);
      if (problem) return problem;
    } else
      return `${where}: Input tag '${String(edit?.type)}' found using 'type' does not match any of the expected tags: '${CLEAR_TOOL_USES}', '${CLEAR_THINKING}'`;
  }
  return undefined;
}

function checkClearToolUses(edit: Json, where: string): string | undefined {
  const counted = (value: Json, types: string[]) =>
    value === undefined || (types.includes(value?.type) && Number.isInteger(value.value) && value.value >= 0);
  if (!counted(edit.trigger, ['input_tokens', 'tool_uses']))
    return `${where}.trigger: Input should be {"type": "input_tokens" or "tool_uses", "value": N}`;
  if (!counted(edit.keep, ['tool_uses']))
    return `${where}.keep: Input should be {"type": "tool_uses", "value": N}`;
  if (!counted(edit.clear_at_least, ['input_tokens']))
    return `${where}.clear_at_least: Input should be {"type": "input_tokens", "value": N}`;
  if (
    edit.exclude_tools !== undefined &&
    !(Array.isArray(edit.exclude_tools) && edit.exclude_tools.every((n: unknown) => typeof n === 'string'))
  )
    return `${where}.exclude_tools: Input should be a valid list of tool names`;
  if (edit.clear_tool_inputs !== undefined && typeof edit.clear_tool_inputs !== 'boolean')
    return `${where}.clear_tool_inputs: Input should be a valid boolean`;
  return undefined;
}

/** The models that keep only the last turn's thinking unless told otherwise: older Opus/Sonnet, every Haiku. */
function keepsLastThinkingOnly(model: string): boolean {
  return /haiku|claude-3|sonnet-4-[0-5]|sonnet-4$|opus-4-[0-4]|opus-4$/.test(model);
}

export interface Edited {
  /** The request as the model reads it (a copy where something was cleared). */
  body: Json;
  applied: AppliedEdit[];
}

/**
 * Applies the request's edits in order; `count` gives the tokens of a request as billed. Returns the
 * body itself when nothing was cleared.
 */
export function applyContextManagement(body: Json, count: (body: Json) => number): Edited {
  const edits: Json[] = body.context_management?.edits ?? [];
  let current = body;
  const applied: AppliedEdit[] = [];
  for (const edit of edits) {
    const before = count(current);
    const next =
      edit.type === CLEAR_THINKING
        ? clearThinking(
            current,
            edit.keep ?? (keepsLastThinkingOnly(String(body.model)) ? { value: 1 } : 'all'),
          )
        : clearToolUses(current, edit, before);
    if (!next) continue;
    const cleared = before - count(next.body);
    if (edit.type === CLEAR_TOOL_USES && edit.clear_at_least && cleared < edit.clear_at_least.value) continue;
    current = next.body;
    applied.push(
      edit.type === CLEAR_THINKING
        ? { type: CLEAR_THINKING, cleared_thinking_turns: next.cleared, cleared_input_tokens: cleared }
        : { type: CLEAR_TOOL_USES, cleared_tool_uses: next.cleared, cleared_input_tokens: cleared },
    );
  }
  return { body: current, applied };
}

const isThinking = (block: Json) => block?.type === 'thinking' || block?.type === 'redacted_thinking';

/** Thinking of all but the last `keep` assistant turns that hold thinking is cleared. */
function clearThinking(body: Json, keep: Json): { body: Json; cleared: number } | undefined {
  if (keep === 'all') return undefined;
  const thinkingTurns: number[] = [];
  (body.messages as Json[]).forEach((message, i) => {
    if (message.role === 'assistant' && Array.isArray(message.content) && message.content.some(isThinking))
      thinkingTurns.push(i);
  });
  const clear = new Set(thinkingTurns.slice(0, Math.max(0, thinkingTurns.length - Number(keep.value))));
  if (clear.size === 0) return undefined;
  const messages = (body.messages as Json[]).map((message, i): Json =>
    clear.has(i)
      ? { ...message, content: (message.content as Json[]).filter((block) => !isThinking(block)) }
      : message,
  );
  return { body: { ...body, messages }, cleared: clear.size };
}

/** Past the trigger, every tool use but the last `keep` (and excluded tools) has its result cleared. */
function clearToolUses(body: Json, edit: Json, tokens: number): { body: Json; cleared: number } | undefined {
  const trigger = edit.trigger ?? DEFAULT_TRIGGER;
  const uses: Array<{ message: number; block: number; id: string; name: string }> = [];
  (body.messages as Json[]).forEach((message, i) => {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) return;
    (message.content as Json[]).forEach((block, j) => {
      if (block?.type === 'tool_use')
        uses.push({ message: i, block: j, id: String(block.id), name: String(block.name) });
    });
  });
  const reached = trigger.type === 'tool_uses' ? uses.length > trigger.value : tokens > trigger.value;
  if (!reached) return undefined;
  const keep = edit.keep?.value ?? DEFAULT_KEEP_TOOL_USES;
  const excluded = new Set<string>(edit.exclude_tools ?? []);
  const targets = uses.slice(0, Math.max(0, uses.length - keep)).filter((use) => !excluded.has(use.name));
  if (targets.length === 0) return undefined;
  const ids = new Set(targets.map((use) => use.id));
  const messages = (body.messages as Json[]).map((message): Json => {
    if (!Array.isArray(message.content)) return message;
    let changed = false;
    const content = (message.content as Json[]).map((block): Json => {
      if (block?.type === 'tool_result' && ids.has(String(block.tool_use_id))) {
        changed = true;
        return { ...block, content: CLEARED_PLACEHOLDER };
      }
      if (edit.clear_tool_inputs === true && block?.type === 'tool_use' && ids.has(String(block.id))) {
        changed = true;
        return { ...block, input: {} };
      }
      return block;
    });
    return changed ? { ...message, content } : message;
  });
  return { body: { ...body, messages }, cleared: targets.length };
}

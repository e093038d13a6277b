import { checkContextManagement } from './context-management.js';
import { requestThinks } from './models.js';
import { checkSystemMessages, isEffortOnly } from './system-messages.js';
import { checkBlockBinding, checkDisplay, checkThinkingType } from './thinking-config.js';
import type { Issued, Json } from './types.js';
/**
 * Request validation as the Messages API does it, returning the API's error message for the first
 * problem found. Rules and wording follow the API's own 400s (quoted in issues of its clients):
 * consecutive same-role messages are allowed (the API merges them into one turn), so tool pairing
 * is checked across merged turns.
 */

export interface ValidateOptions {
  strict: boolean;
  /** What this fake sent that must come back unchanged. */
  issued: Issued;
  /** count_tokens needs no max_tokens. */
  countOnly?: boolean;
  /** The request's `anthropic-beta` values. */
  betas?: ReadonlySet<string>;
}

export const MAX_CACHE_CONTROL = 4;

type Block = Json;
interface Turn {
  role: string;
  /** Index of the first message of the turn. */
  index: number;
  blocks: Array<{ block: Block; path: string }>;
}

export function validateRequest(body: Json, options: ValidateOptions): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body: expected an object';
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (!options.countOnly && typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  if (!Array.isArray(body.messages)) return 'messages: Field required';
  if (body.messages.length === 0) return 'messages: at least one message is required';
  const betas = options.betas ?? new Set<string>();
  return (
    checkSystem(body.system) ??
    checkMessages(body.messages, options) ??
    checkSystemMessages(body, betas) ??
    checkCacheControl(body) ??
    checkThinkingType(body) ??
    checkBlockBinding(body, betas) ??
    checkDisplay(body, betas) ??
    checkContextManagement(body, betas) ??
    checkThinkingConfig(body) ??
    checkThinking(body.messages, options) ??
    checkThinkingTurn(body, options)
  );
}

function checkSystem(system: unknown): string | undefined {
  if (system === undefined || typeof system === 'string') return undefined;
  if (!Array.isArray(system)) return 'system: Input should be a valid string or list';
  for (const [i, block] of system.entries()) {
    if (block?.type !== 'text') return `system.${i}.type: Input should be 'text'`;
    if (typeof block.text !== 'string' || block.text === '')
      return 'system: text content blocks must be non-empty';
  }
  return undefined;
}

function blocksOf(message: Json, index: number): Array<{ block: Block; path: string }> {
  if (typeof message.content === 'string')
    return [{ block: { type: 'text', text: message.content }, path: `messages.${index}.content` }];
  return (message.content as Block[]).map((block, j) => ({ block, path: `messages.${index}.content.${j}` }));
}

function checkMessages(messages: Json[], options: ValidateOptions): string | undefined {
  const turns: Turn[] = [];
  for (const [i, message] of messages.entries()) {
    if (message?.role !== 'user' && message?.role !== 'assistant' && message?.role !== 'system')
      return `messages.${i}.role: Input should be 'user', 'assistant' or 'system'`;
    const content = message.content;
    if (typeof content !== 'string' && !Array.isArray(content))
      return `messages.${i}.content: Field required`;
    const isFinalAssistant = i === messages.length - 1 && message.role === 'assistant';
    if ((content.length === 0 || content === '') && !isFinalAssistant && !isEffortOnly(message))
      return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
    for (const { block, path } of blocksOf(message, i)) {
      if (typeof block?.type !== 'string') return `${path}.type: Field required`;
      if (block.type === 'text' && (typeof block.text !== 'string' || block.text === ''))
        return 'messages: text content blocks must be non-empty';
      if (block.type === 'text' && /^\s+$/.test(block.text) && !isFinalAssistant)
        return 'messages: text content blocks must contain non-whitespace text';
    }
    // System messages (sent by Claude Code) sit outside the turn order; system-messages.ts checks them.
    if (message.role === 'system') continue;
    const last = turns.at(-1);
    if (last && last.role === message.role) {
      if (options.strict)
        return `messages.${i}: roles must alternate between "user" and "assistant" (strict)`;
      last.blocks.push(...blocksOf(message, i));
    } else turns.push({ role: message.role, index: i, blocks: blocksOf(message, i) });
  }
  if (options.strict && turns[0]?.role !== 'user') return 'messages: first message must use the "user" role';
  return checkToolPairs(turns);
}

function checkToolPairs(turns: Turn[]): string | undefined {
  for (const [t, turn] of turns.entries()) {
    const previous = turns[t - 1];
    const asked = new Set(
      previous?.role === 'assistant'
        ? previous.blocks.filter((b) => b.block.type === 'tool_use').map((b) => String(b.block.id))
        : [],
    );
    if (turn.role === 'user') {
      let seenOther = false;
      for (const { block, path } of turn.blocks) {
        if (block.type !== 'tool_result') {
          seenOther = true;
          continue;
        }
        const id = String(block.tool_use_id);
        if (!asked.has(id))
          return `${path}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
        if (seenOther)
          return `messages.${turn.index}: \`tool_result\` blocks must come first in the user message, before any other content`;
      }
    }
    if (turn.role !== 'assistant') continue;
    const ids = turn.blocks.filter((b) => b.block.type === 'tool_use').map((b) => String(b.block.id));
    if (ids.length === 0) continue;
    const next = turns[t + 1];
    const answered = new Set(
      next
        ? next.blocks.filter((b) => b.block.type === 'tool_result').map((b) => String(b.block.tool_use_id))
        : [],
    );
    const missing = ids.filter((id) => !answered.has(id));
    // A trailing assistant tool_use with no next turn is a prefill the API rejects as well.
    if (missing.length > 0)
      return `messages.${turn.index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  }
  return undefined;
}

/** Counts blocks carrying cache_control in tools, system and messages (tool_result content included). */
export function countCacheControl(body: Json): number {
  let count = 0;
  const visit = (block: Json): void => {
    if (block && typeof block === 'object' && block.cache_control) count++;
    if (block?.type === 'tool_result' && Array.isArray(block.content)) block.content.forEach(visit);
  };
  if (Array.isArray(body.tools)) body.tools.forEach(visit);
  if (Array.isArray(body.system)) body.system.forEach(visit);
  for (const message of body.messages ?? [])
    if (Array.isArray(message?.content)) message.content.forEach(visit);
  return count;
}

function checkCacheControl(body: Json): string | undefined {
  const count = countCacheControl(body);
  if (count > MAX_CACHE_CONTROL)
    return `A maximum of ${MAX_CACHE_CONTROL} blocks with cache_control may be provided. Found ${count}.`;
  return undefined;
}

function checkThinking(messages: Json[], options: ValidateOptions): string | undefined {
  for (const [i, message] of messages.entries()) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const [j, block] of message.content.entries()) {
      if (block?.type === 'redacted_thinking' && options.strict && !options.issued.redacted.has(block.data))
        return `messages.${i}.content.${j}: Invalid \`data\` in \`redacted_thinking\` block`;
      if (block?.type !== 'thinking') continue;
      const sent = options.issued.thinking.get(block.signature);
      if (sent === undefined && options.strict)
        return `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block`;
      if (sent !== undefined && sent !== block.thinking)
        return `messages.${i}.content.${j}: thinking blocks cannot be modified. These blocks must remain as they were in the original response.`;
    }
  }
  return undefined;
}

function checkThinkingConfig(body: Json): string | undefined {
  if (body.thinking?.type !== 'enabled') return undefined;
  const budget: unknown = body.thinking.budget_tokens;
  if (typeof budget !== 'number' || budget < 1024)
    return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
  if (typeof body.max_tokens === 'number' && body.max_tokens <= budget)
    return '`max_tokens` must be greater than `thinking.budget_tokens`.';
  return undefined;
}

/**
 * With thinking on, the assistant message of the ongoing tool loop must start with its thinking; with
 * thinking off, a final (prefill) assistant message cannot hold thinking. The first rule is checked
 * where the fake knows the model thought (its own replies), or for any tool_use in strict mode.
 */
function checkThinkingTurn(body: Json, options: ValidateOptions): string | undefined {
  const messages: Json[] = body.messages;
  const last = messages.at(-1);
  if (!requestThinks(body)) {
    if (last?.role === 'assistant' && Array.isArray(last.content)) {
      const j = (last.content as Json[]).findIndex(
        (b) => b?.type === 'thinking' || b?.type === 'redacted_thinking',
      );
      if (j >= 0)
        return `messages.${messages.length - 1}.content.${j}: When thinking is disabled, an \`assistant\` message in the final position cannot contain \`thinking\`. To use thinking blocks, enable \`thinking\` in your request.`;
    }
    return undefined;
  }
  if (body.thinking?.type !== 'enabled') return undefined;
  const i = messages.findLastIndex((m) => m?.role === 'assistant');
  const assistant = messages[i];
  if (!assistant || !Array.isArray(assistant.content)) return undefined;
  const blocks = assistant.content as Json[];
  const calls = blocks.filter((b) => b?.type === 'tool_use').map((b) => String(b.id));
  if (calls.length === 0 || !calls.some((id) => options.strict || options.issued.thoughtfulToolUses.has(id)))
    return undefined;
  const first = blocks[0]?.type;
  if (first === 'thinking' || first === 'redacted_thinking') return undefined;
  return `messages.${i}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks).`;
}

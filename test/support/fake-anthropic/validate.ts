/**
 * Request validation as the Messages API does it, returning the API's error message for the first
 * problem found. Rules and wording follow the API's own 400s (quoted in issues of its clients):
 * consecutive same-role messages are allowed (the API merges them into one turn), so tool pairing
 * is checked across merged turns.
 */

export interface ValidateOptions {
  strict: boolean;
  /** Signatures this fake issued → the thinking text it sent with them. */
  issued: ReadonlyMap<string, string>;
  /** count_tokens needs no max_tokens. */
  countOnly?: boolean;
}

export const MAX_CACHE_CONTROL = 4;

type Block = any;
interface Turn {
  role: string;
  /** Index of the first message of the turn. */
  index: number;
  blocks: Array<{ block: Block; path: string }>;
}

export function validateRequest(body: any, options: ValidateOptions): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body: expected an object';
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (!options.countOnly && typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  if (!Array.isArray(body.messages)) return 'messages: Field required';
  if (body.messages.length === 0) return 'messages: at least one message is required';
  return (
    checkSystem(body.system) ??
    checkMessages(body.messages, options) ??
    checkCacheControl(body) ??
    checkThinking(body.messages, options)
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

function blocksOf(message: any, index: number): Array<{ block: Block; path: string }> {
  if (typeof message.content === 'string')
    return [{ block: { type: 'text', text: message.content }, path: `messages.${index}.content` }];
  return (message.content as Block[]).map((block, j) => ({ block, path: `messages.${index}.content.${j}` }));
}

function checkMessages(messages: any[], options: ValidateOptions): string | undefined {
  const turns: Turn[] = [];
  for (const [i, message] of messages.entries()) {
    if (message?.role !== 'user' && message?.role !== 'assistant' && message?.role !== 'system')
      return `messages.${i}.role: Input should be 'user', 'assistant' or 'system'`;
    const content = message.content;
    if (typeof content !== 'string' && !Array.isArray(content))
      return `messages.${i}.content: Field required`;
    const isFinalAssistant = i === messages.length - 1 && message.role === 'assistant';
    if ((content.length === 0 || content === '') && !isFinalAssistant)
      return `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
    for (const { block, path } of blocksOf(message, i)) {
      if (typeof block?.type !== 'string') return `${path}.type: Field required`;
      if (block.type === 'text' && (typeof block.text !== 'string' || block.text === ''))
        return 'messages: text content blocks must be non-empty';
      if (block.type === 'text' && /^\s+$/.test(block.text) && !isFinalAssistant)
        return 'messages: text content blocks must contain non-whitespace text';
    }
    if (message.role === 'system') {
      // System messages (SDK's SystemMessageParam, sent by Claude Code) hold text only and sit outside the turn order.
      if (blocksOf(message, i).some(({ block }) => block.type !== 'text'))
        return `messages.${i}.content: system messages may only contain text blocks`;
      continue;
    }
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
export function countCacheControl(body: any): number {
  let count = 0;
  const visit = (block: any): void => {
    if (block && typeof block === 'object' && block.cache_control) count++;
    if (block?.type === 'tool_result' && Array.isArray(block.content)) block.content.forEach(visit);
  };
  if (Array.isArray(body.tools)) body.tools.forEach(visit);
  if (Array.isArray(body.system)) body.system.forEach(visit);
  for (const message of body.messages ?? [])
    if (Array.isArray(message?.content)) message.content.forEach(visit);
  return count;
}

function checkCacheControl(body: any): string | undefined {
  const count = countCacheControl(body);
  if (count > MAX_CACHE_CONTROL)
    return `A maximum of ${MAX_CACHE_CONTROL} blocks with cache_control may be provided. Found ${count}.`;
  return undefined;
}

function checkThinking(messages: any[], options: ValidateOptions): string | undefined {
  for (const [i, message] of messages.entries()) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const [j, block] of message.content.entries()) {
      if (block?.type !== 'thinking') continue;
      const sent = options.issued.get(block.signature);
      if (sent === undefined && options.strict)
        return `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block`;
      if (sent !== undefined && sent !== block.thinking)
        return `messages.${i}.content.${j}: thinking blocks cannot be modified. These blocks must remain as they were in the original response.`;
    }
  }
  return undefined;
}

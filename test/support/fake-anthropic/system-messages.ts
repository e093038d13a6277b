import type { Json } from './types.js';

/**
 * Mid-conversation `role: "system"` messages as the API takes them (platform.claude.com,
 * build-with-claude/mid-conversation-system-messages): where they may stand, what they may hold.
 */

export const TOOL_CHANGES_BETA = 'mid-conversation-tool-changes-2026-07-01';
export const CLEAR_AT_BETA = 'mid-conversation-system-clear-at-2026-08-21';

const SYSTEM_BLOCKS = new Set(['text', 'tool_addition', 'tool_removal']);

/** An assistant turn that ends in a server tool's result (e.g. web_search_tool_result). */
const endsInServerResult = (message: Json): boolean =>
  Array.isArray(message?.content) && /_tool_result$/.test(String(message.content.at(-1)?.type));

/** An empty system message that only sets the effort: it may stand anywhere. */
const effortOnly = (message: Json): boolean =>
  Array.isArray(message.content) && message.content.length === 0 && message.output_config !== undefined;

export function isEffortOnly(message: Json): boolean {
  return message?.role === 'system' && effortOnly(message);
}

/** The API's 400 for a misplaced or malformed system message, or a misused `clear_at`. */
export function checkSystemMessages(body: Json, betas: ReadonlySet<string>): string | undefined {
  const messages: Json[] = body.messages;
  const tools = new Set(((body.tools ?? []) as Json[]).map((tool) => String(tool?.name)));
  for (const [i, message] of messages.entries()) {
    if (message.clear_at !== undefined) {
      if (!betas.has(CLEAR_AT_BETA)) return `messages.${i}.clear_at: Extra inputs are not permitted`;
      if (message.role !== 'system')
        return `messages.${i}.clear_at: clear_at is only permitted on role 'system' messages`;
      if (message.clear_at !== 'next_user_message' && message.clear_at !== 'never')
        return `messages.${i}.clear_at: Input should be 'next_user_message' or 'never'`;
    }
    if (message.role !== 'system' || effortOnly(message)) continue;
    const problem = checkPlace(messages, i) ?? checkBlocks(message, i, tools, betas);
    if (problem) return problem;
  }
  return undefined;
}

function checkPlace(messages: Json[], i: number): string | undefined {
  let p = i - 1;
  while (p >= 0 && messages[p].role === 'system') p--;
  let n = i + 1;
  while (n < messages.length && messages[n].role === 'system') n++;
  const previous = messages[p];
  const next = messages[n];
  if (!previous) return `messages.${i}: a system message cannot be the first message`;
  if (previous.role === 'assistant' && !endsInServerResult(previous)) {
    const calls =
      Array.isArray(previous.content) && previous.content.some((b: Json) => b?.type === 'tool_use');
    return calls
      ? `messages.${i}: a system message cannot stand between \`tool_use\` and \`tool_result\` blocks`
      : `messages.${i}: a system message must directly follow a user turn`;
  }
  if (next && next.role !== 'assistant')
    return `messages.${i}: a system message must precede an assistant turn or end the messages`;
  return undefined;
}

function checkBlocks(
  message: Json,
  i: number,
  tools: ReadonlySet<string>,
  betas: ReadonlySet<string>,
): string | undefined {
  const blocks: Json[] = typeof message.content === 'string' ? [] : message.content;
  for (const [j, block] of blocks.entries()) {
    if (!SYSTEM_BLOCKS.has(block?.type))
      return `messages.${i}.content.${j}: system messages may only contain text, tool_addition and tool_removal blocks`;
    if (block.type === 'text') continue;
    if (!betas.has(TOOL_CHANGES_BETA))
      return `messages.${i}.content.${j}.type: Input tag '${block.type}' requires the \`${TOOL_CHANGES_BETA}\` beta`;
    const name: unknown = block.tool?.name;
    if (block.tool?.type === 'tool_reference' && !tools.has(String(name)))
      return `messages.${i}.content.${j}.tool.name: no tool named ${JSON.stringify(name)} in \`tools\``;
    if (message.clear_at === 'next_user_message')
      return `messages.${i}: a turn-scoped system message supports text blocks only (clear_at: 'next_user_message')`;
  }
  if (message.clear_at === 'next_user_message') {
    if (message.output_config !== undefined)
      return `messages.${i}: output_config is not permitted on a turn-scoped system message (clear_at: 'next_user_message')`;
    const marked = blocks.findIndex((block) => block.cache_control !== undefined);
    if (marked >= 0)
      return `messages.${i}.content.${marked}: cache_control is not permitted on a turn-scoped system message (clear_at: 'next_user_message')`;
  }
  return undefined;
}

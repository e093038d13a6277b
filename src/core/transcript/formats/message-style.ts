import { isPlainObject } from './json-input.js';

/**
 * Which API dialect a chat message is written in: `anthropic` (typed blocks such as tool_use,
 * tool_result, image with a source), `openai` (system/tool/developer roles, tool_calls, null
 * content, image_url parts), `neutral` (plain user/assistant text, valid in both) or `none`.
 */
export type MessageStyle = 'anthropic' | 'openai' | 'neutral' | 'none';

const ANTHROPIC_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'document',
  'server_tool_use',
  'web_search_tool_result',
  'search_result',
]);
const OPENAI_PARTS = new Set(['image_url', 'input_audio', 'file', 'refusal']);
const OPENAI_ROLES = new Set(['system', 'developer', 'tool', 'function']);

export function messageStyle(value: unknown): MessageStyle {
  if (
    !isPlainObject(value) ||
    typeof value['role'] !== 'string' ||
    !('content' in value || 'tool_calls' in value)
  )
    return 'none';
  const role = value['role'];
  if (OPENAI_ROLES.has(role) || value['tool_calls'] !== undefined || value['content'] === null)
    return 'openai';
  if (role !== 'user' && role !== 'assistant') return 'none';
  const content = value['content'];
  if (typeof content === 'string') return 'neutral';
  if (!Array.isArray(content)) return 'none';
  let style: MessageStyle = 'neutral';
  for (const part of content) {
    if (!isPlainObject(part) || typeof part['type'] !== 'string') return 'none';
    const type = part['type'];
    if (OPENAI_PARTS.has(type)) return 'openai';
    if (ANTHROPIC_BLOCKS.has(type) || (type === 'image' && isPlainObject(part['source'])))
      style = 'anthropic';
  }
  return style;
}

/** The dominant style of a list of messages: any openai marker wins over anthropic, then neutral. */
export function messagesStyle(messages: readonly unknown[]): MessageStyle {
  let anthropic = false;
  let neutral = false;
  for (const message of messages) {
    const style = messageStyle(message);
    if (style === 'none') return 'none';
    if (style === 'openai') return 'openai';
    if (style === 'anthropic') anthropic = true;
    else neutral = true;
  }
  if (anthropic) return 'anthropic';
  return neutral ? 'neutral' : 'none';
}

import type { ContentBlock } from '@anthropic-ai/sdk/resources/messages';
import type {
  ContentBlockParam,
  MessageParam,
  ToolResultBlockParam,
} from '../../../core/transcript/index.js';
import type { HistoryItem } from './controller.js';

/** Adds a typed prompt; after an interrupted turn the last message is the user's, so it is extended. */
export function appendPrompt(messages: MessageParam[], text: string): void {
  const last = messages.at(-1);
  const block: ContentBlockParam = { type: 'text', text };
  if (last?.role !== 'user') {
    messages.push({ role: 'user', content: [block] });
    return;
  }
  const content: ContentBlockParam[] =
    typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : [...last.content];
  messages[messages.length - 1] = { role: 'user', content: [...content, block] };
}

/**
 * The assistant's blocks as they may go back to the API: no empty text, and no tool call left
 * without an answer when the model stopped for another reason (a cut `max_tokens` call).
 */
export function assistantContent(
  content: readonly ContentBlockParam[],
  stopReason: string,
): ContentBlockParam[] {
  const kept = content.filter((block) => {
    if (block.type === 'text') return block.text.trim() !== '';
    if (block.type === 'tool_use') return stopReason === 'tool_use';
    return true;
  });
  return kept.length > 0 ? kept : [{ type: 'text', text: '(no answer)' }];
}

/** A response block as it goes back into the transcript: the request's shape, thinking unchanged. */
export function toParam(block: ContentBlock): ContentBlockParam {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    default:
      // Server tool blocks and other newer types go back as they came.
      return JSON.parse(JSON.stringify(block)) as ContentBlockParam;
  }
}

export function toolUses(
  content: readonly ContentBlockParam[],
): Array<{ id: string; name: string; input: unknown }> {
  return content.flatMap((block) =>
    block.type === 'tool_use' ? [{ id: block.id, name: block.name, input: block.input }] : [],
  );
}

export function toolResult(id: string, output: string, isError: boolean): ToolResultBlockParam {
  const block: ToolResultBlockParam = {
    type: 'tool_result',
    tool_use_id: id,
    content: output === '' ? '(no output)' : output,
  };
  if (isError) block.is_error = true;
  return block;
}

export function textOf(content: MessageParam['content']): string {
  if (typeof content === 'string') return content;
  return content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
}

/** What the TUI shows of a stored conversation: prompts, answers, and each tool call with its output. */
export function historyOf(messages: readonly MessageParam[]): HistoryItem[] {
  const outputs = new Map<string, { text: string; isError: boolean }>();
  for (const message of messages)
    if (typeof message.content !== 'string')
      for (const block of message.content)
        if (block.type === 'tool_result')
          outputs.set(block.tool_use_id, {
            text: resultText(block.content),
            isError: block.is_error === true,
          });
  const items: HistoryItem[] = [];
  for (const message of messages) {
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks =
      typeof message.content === 'string'
        ? [{ type: 'text' as const, text: message.content }]
        : message.content;
    for (const block of blocks) {
      if (block.type === 'text' && block.text.trim() !== '') items.push({ role, text: block.text });
      else if (block.type === 'tool_use') {
        const output = outputs.get(block.id);
        items.push({
          role: 'tool',
          tool: block.name,
          input: block.input,
          text: output?.text ?? '(no result)',
          ...(output?.isError ? { isError: true } : {}),
        });
      }
    }
  }
  return items;
}

function resultText(content: ToolResultBlockParam['content']): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

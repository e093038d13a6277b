import type {
  ContentBlock,
  RawMessageStreamEvent,
  StopReason,
  Usage,
} from '@anthropic-ai/sdk/resources/messages';
import type { ProviderEvent, ProviderResult, ProviderUsage } from './types.js';

/** Usage from the API's fields; absent or null figures keep what was known. */
export function toUsage(usage: Partial<Usage> | undefined, previous?: ProviderUsage): ProviderUsage {
  const pick = (value: number | null | undefined, fallback: number) =>
    typeof value === 'number' ? value : fallback;
  return {
    input: pick(usage?.input_tokens, previous?.input ?? 0),
    cacheRead: pick(usage?.cache_read_input_tokens, previous?.cacheRead ?? 0),
    cacheWrite: pick(usage?.cache_creation_input_tokens, previous?.cacheWrite ?? 0),
    output: pick(usage?.output_tokens, previous?.output ?? 0),
  };
}

type Draft = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Folds the raw SSE events of one message into provider events and, at the end, the message.
 * Thinking text and signatures are kept exactly as streamed; tool input is parsed once complete.
 */
export function createAssembler() {
  let id = '';
  let model = '';
  let usage: ProviderUsage = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 };
  let stopReason: StopReason | null = null;
  let complete = false;
  const blocks: Draft[] = [];
  const json: string[] = [];

  function finish(index: number): ProviderEvent[] {
    const block = blocks[index];
    if (!block) return [];
    if (block['type'] !== 'tool_use' && block['type'] !== 'server_tool_use')
      return [{ type: 'block_done', index, block: block as unknown as ContentBlock }];
    const raw = json[index] ?? '';
    if (raw !== '') block['input'] = JSON.parse(raw) as unknown;
    const events: ProviderEvent[] = [];
    if (block['type'] === 'tool_use')
      events.push({
        type: 'tool_use_complete',
        index,
        id: text(block['id']),
        name: text(block['name']),
        input: block['input'],
      });
    events.push({ type: 'block_done', index, block: block as unknown as ContentBlock });
    return events;
  }

  return {
    /** Provider events for one raw event. */
    push(event: RawMessageStreamEvent): ProviderEvent[] {
      switch (event.type) {
        case 'message_start':
          id = event.message.id;
          model = event.message.model;
          usage = toUsage(event.message.usage);
          return [
            { type: 'message_start', id, model },
            { type: 'usage', usage },
          ];
        case 'content_block_start': {
          const block: Draft = { ...event.content_block };
          blocks[event.index] = block;
          if (block['type'] === 'tool_use') {
            json[event.index] = '';
            return [
              {
                type: 'tool_use_start',
                index: event.index,
                id: text(block['id']),
                name: text(block['name']),
              },
            ];
          }
          if (block['type'] === 'server_tool_use') json[event.index] = '';
          return [];
        }
        case 'content_block_delta': {
          const block = blocks[event.index];
          if (!block) return [];
          const delta = event.delta;
          switch (delta.type) {
            case 'text_delta':
              block['text'] = text(block['text']) + delta.text;
              return [{ type: 'text_delta', index: event.index, text: delta.text }];
            case 'thinking_delta':
              block['thinking'] = text(block['thinking']) + delta.thinking;
              return [{ type: 'thinking_delta', index: event.index, thinking: delta.thinking }];
            case 'signature_delta':
              block['signature'] = delta.signature;
              return [];
            case 'input_json_delta':
              json[event.index] = (json[event.index] ?? '') + delta.partial_json;
              return block['type'] === 'tool_use'
                ? [{ type: 'tool_input_delta', index: event.index, partialJson: delta.partial_json }]
                : [];
            case 'citations_delta':
              block['citations'] = [
                ...(Array.isArray(block['citations']) ? (block['citations'] as unknown[]) : []),
                delta.citation,
              ];
              return [];
            default:
              return [];
          }
        }
        case 'content_block_stop':
          return finish(event.index);
        case 'message_delta':
          stopReason = event.delta.stop_reason;
          usage = toUsage(event.usage as Partial<Usage>, usage);
          return [{ type: 'usage', usage }];
        case 'message_stop':
          complete = true;
          return [];
        default:
          return [];
      }
    },
    /** True once a content block has started: from then on a failed attempt cannot be retried. */
    get started(): boolean {
      return blocks.length > 0;
    },
    /** True once message_stop arrived. */
    get complete(): boolean {
      return complete;
    },
    result(): ProviderResult {
      return { id, model, content: blocks.filter(Boolean) as unknown as ContentBlock[], stopReason, usage };
    },
  };
}

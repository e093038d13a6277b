import type {
  ContentBlock,
  RawContentBlockDeltaEvent,
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

/** One message as its raw events have built it so far. */
interface Assembly {
  id: string;
  model: string;
  usage: ProviderUsage;
  stopReason: StopReason | null;
  complete: boolean;
  blocks: Draft[];
  /** Tool input as streamed so far, by block index (tool_use and server_tool_use blocks). */
  json: string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const asBlock = (draft: Draft): ContentBlock => draft as unknown as ContentBlock;

function startBlock(state: Assembly, index: number, started: ContentBlock): ProviderEvent[] {
  const block: Draft = { ...started };
  state.blocks[index] = block;
  const events: ProviderEvent[] = [{ type: 'block_start', index, block: asBlock({ ...block }) }];
  if (block['type'] === 'tool_use' || block['type'] === 'server_tool_use') state.json[index] = '';
  if (block['type'] === 'tool_use')
    events.push({ type: 'tool_use_start', index, id: text(block['id']), name: text(block['name']) });
  return events;
}

function applyDelta(state: Assembly, { index, delta }: RawContentBlockDeltaEvent): ProviderEvent[] {
  const block = state.blocks[index];
  if (!block) return [];
  switch (delta.type) {
    case 'text_delta':
      block['text'] = text(block['text']) + delta.text;
      return [{ type: 'text_delta', text: delta.text }];
    case 'thinking_delta':
      block['thinking'] = text(block['thinking']) + delta.thinking;
      return [{ type: 'thinking_delta', text: delta.thinking }];
    case 'signature_delta':
      block['signature'] = delta.signature;
      return [];
    case 'input_json_delta':
      state.json[index] = (state.json[index] ?? '') + delta.partial_json;
      return block['type'] === 'tool_use'
        ? [{ type: 'tool_input_delta', index, partialJson: delta.partial_json }]
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

function finishBlock(state: Assembly, index: number): ProviderEvent[] {
  const block = state.blocks[index];
  if (!block) return [];
  if (block['type'] !== 'tool_use' && block['type'] !== 'server_tool_use')
    return [{ type: 'block_done', index, block: asBlock(block) }];
  const raw = state.json[index] ?? '';
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
  events.push({ type: 'block_done', index, block: asBlock(block) });
  return events;
}

/** Provider events for one raw event, the assembly updated. */
function pushRaw(state: Assembly, event: RawMessageStreamEvent): ProviderEvent[] {
  switch (event.type) {
    case 'message_start':
      state.id = event.message.id;
      state.model = event.message.model;
      state.usage = toUsage(event.message.usage);
      return [
        { type: 'message_start', id: state.id, model: state.model },
        { type: 'message_usage', usage: state.usage },
      ];
    case 'content_block_start':
      return startBlock(state, event.index, event.content_block);
    case 'content_block_delta':
      return applyDelta(state, event);
    case 'content_block_stop':
      return finishBlock(state, event.index);
    case 'message_delta':
      state.stopReason = event.delta.stop_reason;
      state.usage = toUsage(event.usage as Partial<Usage>, state.usage);
      return [{ type: 'message_usage', usage: state.usage }];
    case 'message_stop':
      state.complete = true;
      return [];
    default:
      return [];
  }
}

/**
 * Folds the raw SSE events of one message into provider events and, at the end, the message.
 * Thinking text and signatures are kept exactly as streamed; tool input is parsed once complete.
 */
export function createAssembler() {
  const state: Assembly = {
    id: '',
    model: '',
    usage: { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 },
    stopReason: null,
    complete: false,
    blocks: [],
    json: [],
  };
  return {
    /** Provider events for one raw event. */
    push: (event: RawMessageStreamEvent): ProviderEvent[] => pushRaw(state, event),
    /** True once a content block has started: from then on a failed attempt cannot be retried. */
    get started(): boolean {
      return state.blocks.length > 0;
    },
    /** True once message_stop arrived. */
    get complete(): boolean {
      return state.complete;
    },
    result(): ProviderResult {
      const { id, model, stopReason, usage } = state;
      return { id, model, content: state.blocks.filter(Boolean).map(asBlock), stopReason, usage };
    },
  };
}

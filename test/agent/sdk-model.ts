import Anthropic from '@anthropic-ai/sdk';
import type { CallUsage } from '../../src/agent/events.js';
import type { ModelClient, ModelDelta, ModelResult } from '../../src/agent/model.js';
import { GardenerError } from '../../src/errors.js';
import type { ContentBlockParam } from '../../src/transcript/types.js';

/**
 * A bare ModelClient on the SDK, for the loop's tests against the fake server (no retries of its
 * own; `cost` prices input at $3 and output at $15 per million tokens).
 */
export function sdkModel(baseURL: string): ModelClient {
  const client = new Anthropic({ baseURL, apiKey: 'test', maxRetries: 0 });
  return {
    async *stream(request, signal): AsyncGenerator<ModelDelta, ModelResult> {
      try {
        const stream = client.messages.stream(request as unknown as Anthropic.MessageStreamParams, { signal });
        for await (const event of stream) {
          if (event.type !== 'content_block_delta') continue;
          if (event.delta.type === 'text_delta') yield { type: 'text', text: event.delta.text };
          if (event.delta.type === 'thinking_delta') yield { type: 'thinking', text: event.delta.thinking };
        }
        const message = await stream.finalMessage();
        return {
          content: message.content.map(toParam),
          stopReason: message.stop_reason ?? 'end_turn',
          usage: {
            input: message.usage.input_tokens,
            cacheRead: message.usage.cache_read_input_tokens ?? 0,
            cacheWrite: message.usage.cache_creation_input_tokens ?? 0,
            output: message.usage.output_tokens,
          },
        };
      } catch (error) {
        if (error instanceof Anthropic.APIUserAbortError) throw error;
        throw new GardenerError('PROVIDER', (error as Error).message, { cause: error });
      }
    },
    cost: (_model, usage: CallUsage) =>
      (usage.input * 3 + usage.cacheRead * 0.3 + usage.cacheWrite * 3.75 + usage.output * 15) / 1e6,
    contextWindow: () => 200_000,
  };
}

function toParam(block: Anthropic.ContentBlock): ContentBlockParam {
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
      return block as unknown as ContentBlockParam;
  }
}

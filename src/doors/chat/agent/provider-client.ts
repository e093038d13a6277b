import type { ContentBlock } from '@anthropic-ai/sdk/resources/messages';
import { placeCacheBreakpoints } from '../../kit/provider/cache-breakpoints.js';
import { contextWindowOf, costOf } from '../../kit/provider/prices.js';
import type { Provider } from '../../kit/provider/types.js';
import type { ContentBlockParam, MessagesRequest } from '../../../core/transcript/index.js';
import type { ModelClient, ModelDelta, ModelResult } from './model.js';

/** The chat's ModelClient on a src/doors/kit/provider Provider: deltas and retries out, the message at the end. */
export function providerClient(provider: Provider): ModelClient {
  return {
    async *stream(request, signal): AsyncGenerator<ModelDelta, ModelResult> {
      const stream = provider.stream(request, { signal });
      for (;;) {
        const step = await stream.next();
        if (step.done) {
          const result = step.value;
          return {
            content: result.content.map(toParam),
            stopReason: result.stopReason ?? 'end_turn',
            usage: result.usage,
          };
        }
        const event = step.value;
        if (event.type === 'text_delta') yield { type: 'text', text: event.text };
        else if (event.type === 'thinking_delta') yield { type: 'thinking', text: event.thinking };
        else if (event.type === 'retry')
          yield {
            type: 'retry',
            attempt: event.attempt,
            delayMs: event.delayMs,
            reason: `${event.reason}: ${event.message}`,
          };
      }
    },
    cost: (model, usage) => costOf(usage, model),
    contextWindow: contextWindowOf,
  };
}

/** Breakpoints the chat adds after its own: the conversation's newest block and gardener's two. */
const ADDED_BREAKPOINTS = 3;

/**
 * The chat's own prompt-cache breakpoints: the system prompt (and the tools, when there is none to
 * cover them). The rest go on when the request is sent (src/doors/chat/agent/cache-send.ts): the newest block
 * of the conversation, and gardener's, placed by the core's cache track as the proxy places them.
 */
export function prepareRequest(request: MessagesRequest): MessagesRequest {
  return placeCacheBreakpoints(request, { stableMessages: 0, leave: ADDED_BREAKPOINTS });
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

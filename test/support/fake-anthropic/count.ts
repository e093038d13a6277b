import { requestUnits } from '../../../src/core/cache/cache-units.js';
import { cacheModel } from '../../../src/core/cache/models.js';
import { createPromptCache, type PromptCache } from '../../../src/core/cache/prompt-cache.js';
import { countRequest } from '../../../src/core/tokens/count.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import type { Usage, Json } from './types.js';

/**
 * Token estimate: the project's own count (cl100k_base via src/core/tokens, thinking excluded), so a
 * door's budget and the fake's `usage.input_tokens` agree. Real Claude tokens differ by a few percent.
 */
export function estimateInputTokens(body: Json): number {
  return countRequest(defaultTokenizer(), body);
}

/**
 * The request as the API bills it: on a model that keeps earlier turns' thinking in its context (Opus
 * 4.5+, Sonnet 4.6+ and every 5.x model: `keepsThinking` in src/core/cache/models.ts), each thinking
 * block left in the request is input, counted as its text (a text block of the same words for the
 * counter and the cache); on other models earlier thinking is not part of the context (the body itself).
 */
export function billedBody(body: Json): Json {
  if (typeof body?.model !== 'string' || !cacheModel(body.model).keepsThinking) return body;
  let changed = false;
  const messages = (body.messages as Json[]).map((message): Json => {
    if (!Array.isArray(message?.content) || !message.content.some((b: Json) => b?.type === 'thinking'))
      return message;
    changed = true;
    const content = (message.content as Json[]).map((block): Json =>
      block?.type === 'thinking' ? { type: 'text', text: String(block.thinking) } : block,
    );
    return { ...message, content };
  });
  return changed ? { ...body, messages } : body;
}

export function estimateOutputTokens(blocks: Array<Record<string, Json>>): number {
  const tokenizer = defaultTokenizer();
  let total = 0;
  for (const block of blocks) {
    if (block['type'] === 'text') total += tokenizer.count(block['text']);
    else if (block['type'] === 'thinking') total += tokenizer.count(block['thinking']);
    else
      total += tokenizer.count(JSON.stringify(block['input'] ?? {})) + tokenizer.count(String(block['name']));
  }
  return Math.max(1, total);
}

export interface FakeCacheOptions {
  /** The clock the cache's TTL runs on, in ms (default: real time). */
  now?: () => number;
  /** Shortest cacheable prefix (default: the request's model's, as the API has it). */
  minTokens?: number;
}

/**
 * The prompt cache of the fake: the core model (src/core/cache/prompt-cache.ts) over the request's
 * cache units, on the given clock, one cache per model as the API keeps them. `input_tokens` is the
 * request's count minus what was read and written, so it agrees with count_tokens.
 */
export function createFakePromptCache(options: FakeCacheOptions = {}): {
  usage(body: Json): Omit<Usage, 'output_tokens'>;
} {
  const now = options.now ?? Date.now;
  const caches = new Map<string, PromptCache>();
  const cacheOf = (body: Json): PromptCache => {
    const model = cacheModel(typeof body['model'] === 'string' ? body['model'] : undefined);
    let cache = caches.get(model.id);
    if (!cache) {
      cache = createPromptCache({
        model,
        ...(options.minTokens === undefined ? {} : { minTokens: options.minTokens }),
      });
      caches.set(model.id, cache);
    }
    return cache;
  };
  return {
    usage(body) {
      const billed = cacheOf(body).request(requestUnits(body, defaultTokenizer()), now());
      const written = billed.written5m + billed.written1h;
      return {
        input_tokens: Math.max(0, estimateInputTokens(body) - billed.read - written),
        cache_creation_input_tokens: written,
        cache_read_input_tokens: billed.read,
        cache_creation: {
          ephemeral_5m_input_tokens: billed.written5m,
          ephemeral_1h_input_tokens: billed.written1h,
        },
      };
    },
  };
}

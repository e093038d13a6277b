import { defaultTokenizer } from '../tokens/index.js';
import type { MessagesRequest } from '../transcript/index.js';
import { requestUnits } from './cache-units.js';
import { createPromptCache, type CacheUnit, type CacheUsage, type PromptCache } from './prompt-cache.js';

/** One request as the prompt cache sees it: as the client sent it (unmanaged), and as it went out. */
export interface TwinUnits {
  raw: CacheUnit[];
  /** The same array as `raw` when the client's bytes went out unchanged. */
  sent: CacheUnit[];
}

/** The cache model's bill of one request, as the client sent it and as it went out. */
export interface ModelledBills {
  raw: CacheUsage;
  sent: CacheUsage;
}

/**
 * The cache units of both requests (keyed by digests: nothing of the bodies is held until the
 * answer comes). `sent` undefined: the client's bytes went out as they came.
 */
export function twinUnits(raw: MessagesRequest, sent: MessagesRequest | undefined): TwinUnits {
  const tokenizer = defaultTokenizer();
  const rawUnits = requestUnits(raw, tokenizer);
  return { raw: rawUnits, sent: sent ? requestUnits(sent, tokenizer) : rawUnits };
}

/**
 * Two prompt caches per conversation, fed the same answered requests at the same moments: one
 * sees the requests as the client sent them (unmanaged), the other as they went out (gardened).
 * What the unmanaged session would have paid is the difference of their bills added to what was
 * paid: a request that went out unchanged differs by nothing.
 */
export function createTwinCaches(): { bill(session: string, units: TwinUnits, at: number): ModelledBills } {
  const caches = new Map<string, { raw: PromptCache; sent: PromptCache }>();
  return {
    bill(session, units, at) {
      let pair = caches.get(session);
      if (!pair) caches.set(session, (pair = { raw: createPromptCache(), sent: createPromptCache() }));
      return { raw: pair.raw.request(units.raw, at), sent: pair.sent.request(units.sent, at) };
    },
  };
}

/** Input tokens of a modelled bill. */
export function billedTokens(usage: CacheUsage): number {
  return usage.uncached + usage.read + usage.written5m + usage.written1h;
}

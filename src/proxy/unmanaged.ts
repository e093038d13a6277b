import { createHash } from 'node:crypto';
import { requestUnits } from '../garden/cache-units.js';
import {
  createPromptCache,
  type CacheUnit,
  type CacheUsage,
  type PromptCache,
} from '../garden/prompt-cache.js';
import { contextWindowOf } from '../provider/prices.js';
import { defaultTokenizer } from '../tokens/tokenizer.js';
import type { MessagesRequest } from '../transcript/types.js';

/** One request as the prompt cache sees it: as the client sent it, and as it went out. */
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

/** The window a request may fill: the model's, or 1M when the client asked for it (a context-1m beta). */
export function requestWindow(model: string | undefined, beta: string | string[] | undefined): number {
  const betas = Array.isArray(beta) ? beta.join(',') : (beta ?? '');
  return /context-1m/i.test(betas) ? 1_000_000 : contextWindowOf(model ?? '');
}

/**
 * The cache units of both requests, keyed by a digest of each block so that nothing of the bodies
 * is held until the answer comes. `sent` undefined: the client's bytes went out as they came.
 */
export function twinUnits(raw: MessagesRequest, sent: MessagesRequest | undefined): TwinUnits {
  const tokenizer = defaultTokenizer();
  const digest = (units: CacheUnit[]) =>
    units.map((unit) => ({ ...unit, key: createHash('sha1').update(unit.key).digest('base64') }));
  const rawUnits = digest(requestUnits(raw, tokenizer));
  return { raw: rawUnits, sent: sent ? digest(requestUnits(sent, tokenizer)) : rawUnits };
}

/**
 * Two prompt caches per conversation, fed the same answered requests at the same moments: one
 * sees the requests as the clients sent them (unmanaged), the other as they went out (gardened).
 * What the unmanaged session would have paid is the difference of their bills added to what was
 * paid: a request passed through unchanged differs by nothing.
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

import { createUnitsMemo, requestUnits, type UnitsMemo } from './cache-units.js';
import {
  createPromptCache,
  usageCost,
  type CacheUnit,
  type CacheUsage,
  type PromptCache,
} from './prompt-cache.js';
import { cacheModel, type CacheModel } from './models.js';
import type { Tokenizer } from '../tokens/index.js';
import type { MessagesRequest } from '../transcript/index.js';

/** The two sides' prompt caches for one model. */
export interface ModelCaches {
  sent: PromptCache;
  unmanaged: PromptCache;
}

/**
 * One conversation's prompt cache as the core's model sees it (prompt-cache.ts): fed with every
 * request a door sent (the proxy, the chat, the bench's replay) and, beside it, with the client's
 * own requests as they came (what the session would have cost unmanaged). It places gardener's
 * breakpoints where the model says the request costs least, and prices both sides for the regret
 * guard. The API keeps a cache per model: a conversation that changes model starts another one.
 */
export interface CacheTrack {
  /** The caches of each model the conversation was sent to, by normalised id. */
  caches: Map<string, ModelCaches>;
  /** Units of the last request sent: the first unit that differs is where an event changed it. */
  lastSent: readonly CacheUnit[];
  /** Key of the unit gardener marked last time (a candidate again while the prefix up to it holds). */
  frontierKey: string | undefined;
  /** Units of the messages sent, by message object (only new ones are serialised and hashed). */
  units: UnitsMemo;
  /** The same for the requests as the client sent them. */
  original: UnitsMemo;
  /** The units placeBreakpoints returned last, and the request of `units` they were priced as. */
  placed: { units: readonly CacheUnit[]; serial: number } | undefined;
  /** The request of `units` whose units went out last (lastSent), when they were placeBreakpoints'. */
  sentSerial: number | undefined;
  /**
   * The compaction frontier of a request of `units`, the first message its scan saw holding a tool
   * block, and how many messages it had.
   */
  frontier: FrontierState | undefined;
}

/** Where a request's compaction frontier scan stopped (place-breakpoints.ts reads on from it). */
export interface FrontierState {
  serial: number;
  at: number | undefined;
  firstTool: number | undefined;
  length: number;
}

export function createCacheTrack(): CacheTrack {
  return {
    caches: new Map(),
    lastSent: [],
    frontierKey: undefined,
    units: createUnitsMemo(),
    original: createUnitsMemo(),
    placed: undefined,
    sentSerial: undefined,
    frontier: undefined,
  };
}

/** The caches of one model in a track, made on first use with the model's shortest cacheable prefix. */
export function cachesOf(track: CacheTrack, model: CacheModel): ModelCaches {
  let caches = track.caches.get(model.id);
  if (!caches) {
    caches = { sent: createPromptCache({ model }), unmanaged: createPromptCache({ model }) };
    track.caches.set(model.id, caches);
  }
  return caches;
}

/** The cache model of the model a request names (`model`), today's defaults when it names none. */
export function modelOf(request: MessagesRequest): CacheModel {
  const model = request['model'];
  return cacheModel(typeof model === 'string' ? model : undefined);
}

/** The cache units of a request as the client sent it (the unmanaged side), priced from its last one. */
export function originalUnits(
  track: CacheTrack,
  request: MessagesRequest,
  tokenizer: Tokenizer,
): readonly CacheUnit[] {
  return requestUnits(request, tokenizer, track.original);
}

/** The cache model's bill of one request, as the client had it (unmanaged) and as it went out. */
export interface ModelledBills {
  raw: CacheUsage;
  sent: CacheUsage;
}

/** The two bills' costs in input-token units, at the prices of the request's model. */
export function billsCost(bills: ModelledBills, model: CacheModel): { managed: number; unmanaged: number } {
  return { managed: usageCost(bills.sent, model), unmanaged: usageCost(bills.raw, model) };
}

/** Input tokens of a modelled bill. */
export function billedTokens(usage: CacheUsage): number {
  return usage.uncached + usage.read + usage.written5m + usage.written1h;
}

/**
 * Records a request to `model` as sent and the client's original beside it: each one's bill under
 * that model's cache.
 */
export function recordRequest(
  track: CacheTrack,
  sent: readonly CacheUnit[],
  original: readonly CacheUnit[],
  at: number,
  model: CacheModel,
): ModelledBills {
  track.lastSent = sent;
  track.sentSerial = track.placed?.units === sent ? track.placed.serial : undefined;
  const caches = cachesOf(track, model);
  return { sent: caches.sent.request(sent, at), raw: caches.unmanaged.request(original, at) };
}

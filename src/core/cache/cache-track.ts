import { createUnitsMemo, requestUnits, type PricedRequest, type UnitsMemo } from './cache-units.js';
import {
  createPromptCache,
  usageCost,
  type CacheUnit,
  type CacheUsage,
  type PromptCache,
} from './prompt-cache.js';
import { compactionFrontierFrom, headBreakpoints, MAX_CACHE_BREAKPOINTS } from './cache-frontier.js';
import { pickPlaces, type Place } from './cache-places.js';
import type { Tokenizer } from '../tokens/index.js';
import type { MessageParam, MessagesRequest } from '../transcript/index.js';

type Json = Record<string, unknown>;

/**
 * One conversation's prompt cache as the core's model sees it (prompt-cache.ts): fed with every
 * request a door sent (the proxy, the chat, the bench's replay) and, beside it, with the client's
 * own requests as they came (what the session would have cost unmanaged). It places gardener's
 * breakpoints where the model says the request costs least, and prices both sides for the regret
 * guard.
 */
export interface CacheTrack {
  sent: PromptCache;
  unmanaged: PromptCache;
  /** Units of the last request sent: the first unit that differs is where an event changed it. */
  lastSent: readonly CacheUnit[];
  /** Key of the unit gardener marked last time (a candidate again while the prefix up to it holds). */
  frontierKey: string | undefined;
  /** Units of the messages sent, by message object (only new ones are serialised and hashed). */
  units: UnitsMemo;
  /** The same for the requests as the client sent them. */
  original: UnitsMemo;
  /** The units placeFrontier returned last, and the request of `units` they were priced as. */
  placed: { units: readonly CacheUnit[]; serial: number } | undefined;
  /** The request of `units` whose units went out last (lastSent), when they were placeFrontier's. */
  sentSerial: number | undefined;
  /** The compaction frontier of a request of `units`, and how many messages it had. */
  frontier: { serial: number; at: number | undefined; length: number } | undefined;
}

export function createCacheTrack(): CacheTrack {
  return {
    sent: createPromptCache(),
    unmanaged: createPromptCache(),
    lastSent: [],
    frontierKey: undefined,
    units: createUnitsMemo(),
    original: createUnitsMemo(),
    placed: undefined,
    sentSerial: undefined,
    frontier: undefined,
  };
}

/** The cache units of a request as the client sent it (the unmanaged side), priced from its last one. */
export function originalUnits(
  track: CacheTrack,
  request: MessagesRequest,
  tokenizer: Tokenizer,
): readonly CacheUnit[] {
  return requestUnits(request, tokenizer, track.original);
}

/**
 * The first unit that differs from the last request sent. When that request's units were placed
 * from the request the memo priced before this one, the units both share are not compared again.
 */
function firstChanged(
  track: CacheTrack,
  units: readonly CacheUnit[],
  priced: PricedRequest,
  before?: number,
): number {
  const from = before !== undefined && track.sentSerial === before ? priced.sameUnits : 0;
  return firstDifference(track.lastSent, units, Math.min(from, track.lastSent.length));
}

/** The compaction frontier, read from where the last request's stopped when the messages up to it are the same. */
function frontierOf(
  track: CacheTrack,
  messages: readonly MessageParam[],
  priced: PricedRequest,
  before?: number,
): number | undefined {
  const known = track.frontier;
  let from = 1;
  if (known && before !== undefined && known.serial === before)
    from = Math.min(known.at === undefined ? known.length : known.at + 1, priced.sameMessages);
  return compactionFrontierFrom(messages, from);
}

function firstDifference(before: readonly CacheUnit[], units: readonly CacheUnit[], from: number): number {
  let i = from;
  while (
    i < units.length &&
    i < before.length &&
    (before[i] as CacheUnit).key === (units[i] as CacheUnit).key
  )
    i++;
  return i;
}

function withMarks(units: readonly CacheUnit[], at: readonly number[]): CacheUnit[] {
  const out = units.slice();
  for (const i of at) if (i >= 0 && i < out.length) out[i] = { ...(out[i] as CacheUnit), breakpoint: '5m' };
  return out;
}

function markBlock(request: MessagesRequest, place: Place): MessagesRequest {
  const messages = [...request.messages];
  const message = messages[place.message] as MessageParam;
  const content = [...(message.content as unknown as Json[])];
  content[place.block] = { ...content[place.block], cache_control: { type: 'ephemeral' } };
  messages[place.message] = { ...message, content } as unknown as MessageParam;
  return { ...request, messages };
}

/**
 * A client that marks several system blocks (Claude Code marks two) keeps only its last one: the
 * prefix it closes holds the others, so the one it frees serves gardener's second breakpoint.
 */
function freeSystemMark(request: MessagesRequest): MessagesRequest | undefined {
  if (!Array.isArray(request.system)) return undefined;
  const system = request.system as unknown as Json[];
  const marked = system.flatMap((block, i) => (block['cache_control'] ? [i] : []));
  if (marked.length < 2) return undefined;
  const keep = marked.at(-1);
  const out = system.map((block, i) => {
    if (i === keep || !block['cache_control']) return block;
    const rest = { ...block };
    delete rest['cache_control'];
    return rest;
  });
  return { ...request, system: out as unknown as MessagesRequest['system'] };
}

/**
 * The request with gardener's breakpoints, as many as the API's 4 leave room for: one where the
 * model bills the request least (ties: the later place), and one at the end of the compacted region
 * (the block before the first result not shortened yet), written now so that the next event reads
 * up to it instead of rewriting what this one settled. Returns the request and its cache units.
 */
export function placeFrontier(
  request: MessagesRequest,
  track: CacheTrack,
  tokenizer: Tokenizer,
  at: number,
): { request: MessagesRequest; units: readonly CacheUnit[] } {
  const before = track.units.last?.serial;
  let units = requestUnits(request, tokenizer, track.units);
  let priced = track.units.last as PricedRequest;
  let room = MAX_CACHE_BREAKPOINTS - headBreakpoints(request) - (priced.breaks.at(-1) as number);
  if (room <= 0) return placed(track, request, units, priced);
  const frontier = frontierOf(track, request.messages, priced, before);
  track.frontier = { serial: priced.serial, at: frontier, length: request.messages.length };
  const changed = firstChanged(track, units, priced, before);
  const { last, previous, end } = pickPlaces(request, units, priced, track.frontierKey, changed, frontier);
  let read: { place: Place; cost: number } | undefined;
  for (const place of previous && previous !== last ? [last, previous] : [last]) {
    if (!place) continue;
    const cost = usageCost(track.sent.peek(units, at, place.unit));
    if (!read || cost < read.cost || (cost === read.cost && place.unit > read.place.unit))
      read = { place, cost };
  }
  const settle = end && (!read || end.unit > read.place.unit) ? end : undefined;
  let out = request;
  if (settle && read && room < 2) {
    const freed = freeSystemMark(out);
    if (freed) {
      out = freed;
      room++;
      units = requestUnits(out, tokenizer, track.units);
      priced = track.units.last as PricedRequest;
      track.frontier.serial = priced.serial;
    }
  }
  const chosen = [read?.place, room >= 2 || !read ? settle : undefined].filter(
    (place): place is Place => place !== undefined,
  );
  for (const place of chosen) out = markBlock(out, place);
  if (read) track.frontierKey = units[read.place.unit]?.key;
  const marked = withMarks(
    units,
    chosen.map((place) => place.unit),
  );
  return placed(track, out, marked, priced);
}

/** placeFrontier's answer, remembered as placed: when it is what goes out, the next request compares from it. */
function placed(
  track: CacheTrack,
  request: MessagesRequest,
  units: readonly CacheUnit[],
  priced: PricedRequest,
): { request: MessagesRequest; units: readonly CacheUnit[] } {
  track.placed = { units, serial: priced.serial };
  return { request, units };
}

/** The cache model's bill of one request, as the client had it (unmanaged) and as it went out. */
export interface ModelledBills {
  raw: CacheUsage;
  sent: CacheUsage;
}

/** Input tokens of a modelled bill. */
export function billedTokens(usage: CacheUsage): number {
  return usage.uncached + usage.read + usage.written5m + usage.written1h;
}

/** Records a request as sent and the client's original beside it: each one's bill under the model. */
export function recordRequest(
  track: CacheTrack,
  sent: readonly CacheUnit[],
  original: readonly CacheUnit[],
  at: number,
): ModelledBills {
  track.lastSent = sent;
  track.sentSerial = track.placed?.units === sent ? track.placed.serial : undefined;
  return { sent: track.sent.request(sent, at), raw: track.unmanaged.request(original, at) };
}

import { createUnitsMemo, requestUnits, type UnitsMemo } from './cache-units.js';
import {
  createPromptCache,
  usageCost,
  type CacheUnit,
  type CacheUsage,
  type PromptCache,
} from './prompt-cache.js';
import { compactionFrontier, countBreakpoints, MAX_CACHE_BREAKPOINTS } from './cache-frontier.js';
import type { Tokenizer } from '../tokens/index.js';
import type { MessageParam, MessagesRequest } from '../transcript/index.js';

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
}

export function createCacheTrack(): CacheTrack {
  return {
    sent: createPromptCache(),
    unmanaged: createPromptCache(),
    lastSent: [],
    frontierKey: undefined,
    units: createUnitsMemo(),
    original: createUnitsMemo(),
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

/** A message block as a cache unit sees it, with where it sits. */
interface Place {
  unit: number;
  message: number;
  block: number;
}

type Json = Record<string, unknown>;

/** The places placeFrontier weighs, found in one walk over the message blocks (none other is kept). */
interface Picks {
  /** The last place before the first unit that changed since the last request sent. */
  last?: Place;
  /** The first place before that unit whose key is last time's frontier. */
  previous?: Place;
  /** The last place at or before the compaction frontier's message. */
  end?: Place;
}

/**
 * Walks the message blocks that may carry cache_control, in unit order (requestUnits: tools, system,
 * then messages), for the places worth trying for the breakpoint that reads the cache — all before
 * the first unit that changed since the last request sent (an event's first change): the last one
 * just before it, and last time's frontier, whose prefix may still be written — and for the end of
 * the compacted region.
 */
function pickPlaces(
  request: MessagesRequest,
  units: readonly CacheUnit[],
  track: CacheTrack,
  frontier: number | undefined,
): Picks {
  const changed = firstDifference(track.lastSent, units);
  const picks: Picks = {};
  let unit = units.length;
  for (const message of request.messages)
    unit -= typeof message.content === 'string' ? 1 : Math.max(1, message.content.length);
  for (let m = 0; m < request.messages.length; m++) {
    const content = (request.messages[m] as MessageParam).content;
    if (typeof content === 'string' || content.length === 0) {
      unit++;
      continue;
    }
    for (let b = 0; b < content.length; b++, unit++) {
      const block = content[b] as unknown as Json;
      const type = block['type'];
      const empty = type === 'text' && block['text'] === '';
      if (type === 'thinking' || type === 'redacted_thinking' || empty || block['cache_control']) continue;
      const place = { unit, message: m, block: b };
      if (unit < changed) {
        picks.last = place;
        if (!picks.previous && units[unit]?.key === track.frontierKey) picks.previous = place;
      }
      if (frontier !== undefined && m <= frontier) picks.end = place;
    }
  }
  return picks;
}

function firstDifference(before: readonly CacheUnit[], units: readonly CacheUnit[]): number {
  let i = 0;
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
  let units = requestUnits(request, tokenizer, track.units);
  let room = MAX_CACHE_BREAKPOINTS - countBreakpoints(request);
  if (room <= 0) return { request, units };
  const frontier = compactionFrontier(request.messages);
  const { last, previous, end } = pickPlaces(request, units, track, frontier);
  let read: { place: Place; cost: number } | undefined;
  for (const place of previous && previous !== last ? [last, previous] : [last]) {
    if (!place) continue;
    const cost = usageCost(track.sent.peek(withMarks(units, [place.unit]), at));
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
    }
  }
  const chosen = [read?.place, room >= 2 || !read ? settle : undefined].filter(
    (place): place is Place => place !== undefined,
  );
  for (const place of chosen) out = markBlock(out, place);
  if (read) track.frontierKey = units[read.place.unit]?.key;
  return {
    request: out,
    units: withMarks(
      units,
      chosen.map((place) => place.unit),
    ),
  };
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
  return { sent: track.sent.request(sent, at), raw: track.unmanaged.request(original, at) };
}

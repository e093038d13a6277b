import { createUnitsMemo, requestUnits, type PricedRequest, type UnitsMemo } from './cache-units.js';
import {
  createPromptCache,
  usageCost,
  type CacheUnit,
  type CacheUsage,
  type PromptCache,
} from './prompt-cache.js';
import { compactionFrontierFrom, headBreakpoints, MAX_CACHE_BREAKPOINTS } from './cache-frontier.js';
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

/** A message block as a cache unit sees it, with where it sits. */
interface Place {
  unit: number;
  message: number;
  block: number;
}

type Json = Record<string, unknown>;

/** The places placeFrontier weighs (none other is looked for). */
interface Picks {
  /** The last place before the first unit that changed since the last request sent. */
  last?: Place;
  /** The first place before that unit whose key is last time's frontier. */
  previous?: Place;
  /** The last place at or before the compaction frontier's message. */
  end?: Place;
}

/**
 * The places worth trying for the breakpoint that reads the cache — all before `changed`, the first
 * unit that changed since the last request sent (an event's first change): the last one just before
 * it, and last time's frontier, whose prefix may still be written — and the end of the compacted
 * region. A place is a message block that may carry cache_control; each is found from its end of the
 * request, reading only the blocks on the way (`priced`: the request's units, where each message's start).
 */
export function pickPlaces(
  request: MessagesRequest,
  units: readonly CacheUnit[],
  priced: PricedRequest,
  frontierKey: string | undefined,
  changed: number,
  frontier: number | undefined,
): Picks {
  const picks: Picks = {};
  const last = placeBefore(request.messages, priced, changed);
  if (last) picks.last = last;
  if (frontier !== undefined) {
    const end = placeBefore(request.messages, priced, priced.head + (priced.starts[frontier + 1] as number));
    if (end) picks.end = end;
  }
  if (frontierKey === undefined) return picks;
  // Keys only (no block is read) up to the first one that is last time's frontier on a place.
  for (let unit = priced.head; unit < changed; unit++) {
    if ((units[unit] as CacheUnit).key !== frontierKey) continue;
    const place = placeAt(request.messages, priced, unit);
    if (place) {
      picks.previous = place;
      break;
    }
  }
  return picks;
}

/** The last place whose unit is before `limit`, read backwards from there. */
function placeBefore(
  messages: readonly MessageParam[],
  priced: PricedRequest,
  limit: number,
): Place | undefined {
  if (limit <= priced.head) return undefined;
  let m = messageOf(priced, limit - 1);
  let b = limit - 1 - priced.head - (priced.starts[m] as number);
  for (; m >= 0; m--) {
    const content = (messages[m] as MessageParam).content;
    if (typeof content !== 'string')
      for (b = Math.min(b, content.length - 1); b >= 0; b--)
        if (markable(content[b] as unknown as Json)) return placeOf(priced, m, b);
    b = Number.POSITIVE_INFINITY;
  }
  return undefined;
}

/** The place of a unit, if its block may carry cache_control. */
function placeAt(messages: readonly MessageParam[], priced: PricedRequest, unit: number): Place | undefined {
  const m = messageOf(priced, unit);
  const content = (messages[m] as MessageParam).content;
  const b = unit - priced.head - (priced.starts[m] as number);
  if (typeof content === 'string' || b >= content.length) return undefined;
  return markable(content[b] as unknown as Json) ? placeOf(priced, m, b) : undefined;
}

function placeOf(priced: PricedRequest, message: number, block: number): Place {
  return { unit: priced.head + (priced.starts[message] as number) + block, message, block };
}

/** The message a unit after the head belongs to (binary search of where each one starts). */
function messageOf(priced: PricedRequest, unit: number): number {
  const at = unit - priced.head;
  let low = 0;
  let high = priced.starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((priced.starts[mid] as number) <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** A block gardener may put its breakpoint on: not thinking, not empty text, not marked already. */
function markable(block: Json): boolean {
  const type = block['type'];
  if (type === 'thinking' || type === 'redacted_thinking' || block['cache_control']) return false;
  return !(type === 'text' && block['text'] === '');
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

import { applyMarks, type ClientMark } from './client-marks.js';
import { headBreakpoints, MAX_CACHE_BREAKPOINTS, scanFrontier, type FrontierScan } from './cache-frontier.js';
import { pickPlaces, type Place } from './cache-places.js';
import { cachesOf, modelOf, type CacheTrack } from './cache-track.js';
import { requestUnits, type PricedRequest } from './cache-units.js';
import { usageCost, type CacheUnit } from './prompt-cache.js';
import type { Tokenizer } from '../tokens/index.js';
import type { MessageParam, MessagesRequest } from '../transcript/index.js';

type Json = Record<string, unknown>;

/** A request ready to go, and its cache units as the track prices it. */
export interface Placed {
  request: MessagesRequest;
  units: readonly CacheUnit[];
}

/**
 * The one place breakpoints are decided. Every door hands in the rendered request and the client's
 * marks (the proxy: those it took off the incoming body; the chat: its own, ownMarks), and gets the
 * request back with the client's marks where they were and gardener's added where the track's
 * model bills the conversation least — at most the API's 4 in all — with its cache units.
 */
export function placeBreakpoints(
  request: MessagesRequest,
  marks: readonly ClientMark[],
  track: CacheTrack,
  options: { tokenizer: Tokenizer; at: number },
): Placed {
  return placeGardeners(applyMarks(request, marks), track, options.tokenizer, options.at);
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

/**
 * The compaction frontier, read on from where the last request's scan stopped when the messages up
 * to there are the same. With tool blocks that is the frontier (no result before it can become
 * one); in a plain-text conversation an output before it can, when a later one goes back to whole,
 * so the scan goes on from there only when every message up to it is the same.
 */
function frontierOf(
  track: CacheTrack,
  messages: readonly MessageParam[],
  priced: PricedRequest,
  before?: number,
): FrontierScan {
  const known = track.frontier;
  if (!known || before === undefined || known.serial !== before) return scanFrontier(messages);
  const stop = known.at === undefined ? known.length : known.at + 1;
  if (known.firstTool === undefined)
    return stop <= priced.sameMessages ? scanFrontier(messages, stop) : scanFrontier(messages);
  const from = Math.min(stop, priced.sameMessages);
  return known.firstTool < from ? scanFrontier(messages, from, known.firstTool) : scanFrontier(messages);
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
 * gardener's breakpoints, as many as the API's 4 leave room for: one where the model bills the
 * request least (ties: the later place), and one at the end of the compacted region (the block
 * before the first result not shortened yet), written now so that the next event reads up to it
 * instead of rewriting what this one settled.
 */
function placeGardeners(
  request: MessagesRequest,
  track: CacheTrack,
  tokenizer: Tokenizer,
  at: number,
): Placed {
  const model = modelOf(request);
  const { sent } = cachesOf(track, model);
  const before = track.units.last?.serial;
  let units = requestUnits(request, tokenizer, track.units);
  let priced = track.units.last as PricedRequest;
  let room = MAX_CACHE_BREAKPOINTS - headBreakpoints(request) - (priced.breaks.at(-1) as number);
  if (room <= 0) return placed(track, request, units, priced);
  const scan = frontierOf(track, request.messages, priced, before);
  const frontier = scan.at;
  track.frontier = { serial: priced.serial, ...scan, length: request.messages.length };
  const changed = firstChanged(track, units, priced, before);
  const search = { units, frontierKey: track.frontierKey, changed, frontier };
  const { last, previous, end } = pickPlaces(request, priced, search);
  let read: { place: Place; cost: number } | undefined;
  for (const place of previous && previous !== last ? [last, previous] : [last]) {
    if (!place) continue;
    const cost = usageCost(sent.peek(units, at, place.unit), model);
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

/** placeGardeners' answer, remembered as placed: when it is what goes out, the next request compares from it. */
function placed(
  track: CacheTrack,
  request: MessagesRequest,
  units: readonly CacheUnit[],
  priced: PricedRequest,
): Placed {
  track.placed = { units, serial: priced.serial };
  return { request, units };
}

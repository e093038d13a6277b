import type { PricedRequest } from './cache-units.js';
import type { MessageParam, MessagesRequest } from '../transcript/index.js';
import type { CacheUnit } from './prompt-cache.js';

/** A message block as a cache unit sees it, with where it sits. */
export interface Place {
  unit: number;
  message: number;
  block: number;
}

type Json = Record<string, unknown>;

/** The places placeBreakpoints weighs for gardener's marks (none other is looked for). */
interface Picks {
  /** The last place before the first unit that changed since the last request sent. */
  last?: Place;
  /** The first place before that unit whose key is last time's frontier. */
  previous?: Place;
  /** The last place at or before the compaction frontier's message. */
  end?: Place;
}

/** Where pickPlaces looks, besides the request and its priced units. */
export interface PlaceSearch {
  /** The request's cache units. */
  units: readonly CacheUnit[];
  /** The key of the unit last time's frontier was on, if any. */
  frontierKey: string | undefined;
  /** The first unit that changed since the last request sent. */
  changed: number;
  /** The compaction frontier's message, if any. */
  frontier: number | undefined;
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
  priced: PricedRequest,
  { units, frontierKey, changed, frontier }: PlaceSearch,
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

import { createHash } from 'node:crypto';
import { TTL_1H_MS, TTL_5M_MS, type CacheModel, type CachePrices } from './models.js';

/**
 * The provider's prompt cache as the Messages API keeps it (DESIGN: the prompt cache), as a pure
 * simulator every cost figure is computed with: the planner's pricing, `gardener bench`, the proxy's
 * tally, the chat footer and the fake Messages API of the tests.
 *
 * A request is a list of units in the API's cache order (tools, system, message blocks). A prefix is
 * written only where a unit carries a breakpoint; a later request reads the longest prefix that ends
 * at a position written before, looking back at most LOOKBACK units from each of its breakpoints,
 * if that entry is still within its TTL (refreshed on each read). Everything after the read point up
 * to the last breakpoint is written; the rest is uncached input.
 */

/** Units the API looks back from a breakpoint for an earlier written prefix. */
export const CACHE_LOOKBACK = 20;
/** Breakpoints one request may carry (the API rejects more). */
export const MAX_BREAKPOINTS = 4;
/** Shortest prefix the API caches when the model is not said (shorter ones are billed as plain input). */
export const MIN_CACHEABLE_TOKENS = 1_024;

export type BreakpointTtl = '5m' | '1h';

/** One block of a request, in cache order. */
export interface CacheUnit {
  /** Identity of the block's content (without its cache_control): equal keys, equal bytes. */
  key: string;
  tokens: number;
  /** A cache_control breakpoint on this block, and its TTL. */
  breakpoint?: BreakpointTtl | undefined;
}

/** What one request was billed, in tokens. */
export interface CacheUsage {
  /** Input tokens neither read from nor written to the cache (input_tokens). */
  uncached: number;
  /** cache_read_input_tokens. */
  read: number;
  /** cache_creation_input_tokens, split by TTL. */
  written5m: number;
  written1h: number;
  /** Units read from the cache (0: nothing read). */
  readUnits: number;
}

export interface PromptCacheOptions {
  /** The model the cache is for: its shortest cacheable prefix and TTLs (unless said otherwise below). */
  model?: CacheModel;
  lookback?: number;
  ttlMs?: number;
  longTtlMs?: number;
  minTokens?: number;
  maxBreakpoints?: number;
}

export interface PromptCache {
  /** Bills one request sent at `at` (ms) and records what it wrote. */
  request(units: readonly CacheUnit[], at: number): CacheUsage;
  /**
   * What the request would be billed now, recording nothing (to choose where a breakpoint goes);
   * `mark`: a unit billed as if it carried a 5-minute breakpoint.
   */
  peek(units: readonly CacheUnit[], at: number, mark?: number): CacheUsage;
}

interface Entry {
  expires: number;
  ttl: number;
}

/** A prompt cache that starts empty. Throws a RangeError on more breakpoints than the API allows. */
export function createPromptCache(options: PromptCacheOptions = {}): PromptCache {
  const lookback = options.lookback ?? CACHE_LOOKBACK;
  const ttl5m = options.ttlMs ?? options.model?.ttl5mMs ?? TTL_5M_MS;
  const ttl1h = options.longTtlMs ?? options.model?.ttl1hMs ?? TTL_1H_MS;
  const minTokens = options.minTokens ?? options.model?.minTokens ?? MIN_CACHEABLE_TOKENS;
  const maxBreakpoints = options.maxBreakpoints ?? MAX_BREAKPOINTS;
  const entries = new Map<string, Entry>();
  const prefix = createPrefixState(entries);

  const bill = (units: readonly CacheUnit[], at: number, commit: boolean, extra?: number): CacheUsage => {
    // One pass: the breakpoints, and the tokens of the prefix ending at each unit.
    const marks: number[] = [];
    const ends = prefix.ends(units.length);
    let total = 0;
    for (let i = 0; i < units.length; i++) {
      const unit = units[i] as CacheUnit;
      ends[i] = total += unit.tokens;
      if (unit.breakpoint || i === extra) marks.push(i);
    }
    if (marks.length > maxBreakpoints)
      throw new RangeError(`${marks.length} cache breakpoints; the API allows at most ${maxBreakpoints}`);
    const last = marks.at(-1);
    if (last === undefined) return { uncached: total, read: 0, written5m: 0, written1h: 0, readUnits: 0 };

    const { digests, held } = prefix.update(units, last + 1);
    const alive = (i: number): Entry | undefined => {
      const entry = held[i];
      return entry && entry.expires >= at ? entry : undefined;
    };
    let readEnd = -1;
    for (const mark of marks)
      for (let i = mark; i >= 0 && i > mark - lookback; i--)
        if (alive(i)) {
          readEnd = Math.max(readEnd, i);
          break;
        }
    const read = readEnd >= 0 ? (ends[readEnd] as number) : 0;
    // Entries at or before the read point are refreshed: the prefix they hold was used.
    for (let i = 0; commit && i <= readEnd; i++) {
      const entry = alive(i);
      if (entry) entry.expires = at + entry.ttl;
    }
    let written5m = 0;
    let written1h = 0;
    let writtenTo = readEnd;
    for (const mark of marks) {
      if (mark <= readEnd || (ends[mark] as number) < minTokens) continue;
      const long = mark !== extra && units[mark]?.breakpoint === '1h';
      const tokens = (ends[mark] as number) - (writtenTo >= 0 ? (ends[writtenTo] as number) : 0);
      if (long) written1h += tokens;
      else written5m += tokens;
      writtenTo = mark;
      const life = long ? ttl1h : ttl5m;
      if (commit) prefix.hold(mark, digests[mark] as string, { expires: at + life, ttl: life });
    }
    return {
      uncached: total - read - written5m - written1h,
      read,
      written5m,
      written1h,
      readUnits: readEnd + 1,
    };
  };
  return {
    request: (units, at) => bill(units, at, true),
    peek: (units, at, mark) => bill(units, at, false, mark),
  };
}

/** Cost of one request's input in input-token units, at the prices of the request's model. */
export function usageCost(usage: CacheUsage, prices: CachePrices): number {
  return (
    usage.uncached +
    prices.read * usage.read +
    prices.write5m * usage.written5m +
    prices.write1h * usage.written1h
  );
}

/** What the cache remembers of the last request it billed, to bill the next one from there. */
interface PrefixState {
  /** Scratch room for the prefix tokens ending at each unit (reused from request to request). */
  ends(count: number): Float64Array;
  /** Digests of the prefixes ending at the first `count` units, and the entry each one holds now. */
  update(
    units: readonly CacheUnit[],
    count: number,
  ): { digests: readonly string[]; held: ReadonlyArray<Entry | undefined> };
  /** Writes an entry for the prefix ending at a unit of the request last updated. */
  hold(at: number, digest: string, entry: Entry): void;
}

/**
 * A digest of the prefix ending at each unit (equal digests, byte-identical prefixes), and the entry
 * the cache holds under it. Remembers the last request's keys, digests and entries, so a request
 * that extends or shares the previous one's prefix (every call of a conversation) hashes and looks
 * up only what follows the shared part; the entries of the shared part are read by position.
 * Entries are only ever added (through hold), so a position's entry stays right while its digest does.
 */
function createPrefixState(entries: Map<string, Entry>): PrefixState {
  const keys: string[] = [];
  const digests: string[] = [];
  const held: Array<Entry | undefined> = [];
  let scratch = new Float64Array(256);
  return {
    ends(count) {
      if (scratch.length < count) scratch = new Float64Array(Math.max(count, scratch.length * 2));
      return scratch;
    },
    update(units, count) {
      let same = 0;
      while (same < count && same < keys.length && keys[same] === (units[same] as CacheUnit).key) same++;
      if (same < count) {
        keys.length = same;
        digests.length = same;
        held.length = same;
        let previous = same > 0 ? (digests[same - 1] as string) : '';
        for (let i = same; i < count; i++) {
          const key = (units[i] as CacheUnit).key;
          previous = createHash('sha1').update(previous).update('\u0000').update(key).digest('base64');
          keys.push(key);
          digests.push(previous);
          held.push(entries.get(previous));
        }
      }
      return { digests, held };
    },
    hold(at, digest, entry) {
      entries.set(digest, entry);
      if (digests[at] === digest) held[at] = entry;
    },
  };
}

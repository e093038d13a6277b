import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPromptCache, type CacheUnit, type CacheUsage } from '../../../src/core/cache/index.js';
import { createUnitsMemo, requestUnits } from '../../../src/core/cache/cache-units.js';
import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import type { MessageParam, MessagesRequest } from '../../../src/core/transcript/index.js';

/**
 * The prompt cache model read off the whole request every time (no memory of the previous request
 * but the entries): the figure the cache's incremental bookkeeping must give.
 */
function scratchCache(lookback = 20, ttl5m = 300_000, ttl1h = 3_600_000, minTokens = 1_024) {
  const entries = new Map<string, { expires: number; ttl: number }>();
  const bill = (units: readonly CacheUnit[], at: number, commit: boolean): CacheUsage => {
    const marks = units.flatMap((u, i) => (u.breakpoint ? [i] : []));
    const total = units.reduce((n, u) => n + u.tokens, 0);
    const last = marks.at(-1);
    if (last === undefined) return { uncached: total, read: 0, written5m: 0, written1h: 0, readUnits: 0 };
    const digests: string[] = [];
    const ends: number[] = [];
    let previous = '';
    let sum = 0;
    for (const unit of units) {
      previous = createHash('sha1').update(previous).update('\u0000').update(unit.key).digest('base64');
      digests.push(previous);
      ends.push((sum += unit.tokens));
    }
    const alive = (i: number) => {
      const entry = entries.get(digests[i]!);
      return entry && entry.expires >= at ? entry : undefined;
    };
    let readEnd = -1;
    for (const mark of marks)
      for (let i = mark; i >= 0 && i > mark - lookback; i--)
        if (alive(i)) {
          readEnd = Math.max(readEnd, i);
          break;
        }
    const read = readEnd >= 0 ? ends[readEnd]! : 0;
    for (let i = 0; commit && i <= readEnd; i++) {
      const entry = alive(i);
      if (entry) entry.expires = at + entry.ttl;
    }
    let written5m = 0;
    let written1h = 0;
    let writtenTo = readEnd;
    for (const mark of marks) {
      if (mark <= readEnd || ends[mark]! < minTokens) continue;
      const long = units[mark]!.breakpoint === '1h';
      const tokens = ends[mark]! - (writtenTo >= 0 ? ends[writtenTo]! : 0);
      if (long) written1h += tokens;
      else written5m += tokens;
      writtenTo = mark;
      if (commit)
        entries.set(digests[mark]!, { expires: at + (long ? ttl1h : ttl5m), ttl: long ? ttl1h : ttl5m });
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
    request: (u: readonly CacheUnit[], at: number) => bill(u, at, true),
    peek: (u: readonly CacheUnit[], at: number) => bill(u, at, false),
  };
}

/** One request of a random conversation: how it changes the last one's units, where its marks go, when it is sent. */
const call = fc.record({
  keep: fc.nat(),
  add: fc.array(
    fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e'), tokens: fc.integer({ min: 1, max: 900 }) }),
    {
      maxLength: 30,
    },
  ),
  marks: fc.array(fc.record({ at: fc.nat(), long: fc.boolean() }), { maxLength: 4 }),
  wait: fc.constantFrom(0, 1_000, 200_000, 400_000, 4_000_000),
  peek: fc.boolean(),
});

describe('the prompt cache, billed from the previous request', () => {
  it('bills every request and peek as a model that reads the whole request each time', () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 25 }), (calls) => {
        const cache = createPromptCache();
        const scratch = scratchCache();
        let units: CacheUnit[] = [];
        let at = 0;
        for (const c of calls) {
          // Keep a prefix of the last request (a rewind or an event's first change), then add units.
          units = [
            ...units.slice(0, c.keep % (units.length + 1)).map((u) => ({ ...u, breakpoint: undefined })),
            ...c.add,
          ];
          if (units.length === 0) continue;
          const marked = units.map((u) => ({ ...u }));
          for (const mark of c.marks) marked[mark.at % marked.length]!.breakpoint = mark.long ? '1h' : '5m';
          at += c.wait;
          if (c.peek) expect(cache.peek(marked, at)).toEqual(scratch.peek(marked, at));
          expect(cache.request(marked, at)).toEqual(scratch.request(marked, at));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('requestUnits with a memo', () => {
  it('gives the units read afresh, as tools, system blocks and messages are kept, marked and replaced', () => {
    const tokenizer = defaultTokenizer();
    const memo = createUnitsMemo();
    const tools = [{ name: 'Bash', description: 'Runs a command', input_schema: { type: 'object' } }];
    const system = [{ type: 'text', text: 'You are a coding agent.' }];
    const messages: MessageParam[] = [{ role: 'user', content: 'run the tests' }];
    for (let n = 0; n < 5; n++) {
      messages.push({ role: 'assistant', content: [{ type: 'text', text: `call ${n}` }] });
      const marked = n % 2 === 0;
      const request = {
        tools: marked ? [{ ...tools[0], cache_control: { type: 'ephemeral', ttl: '1h' } }] : tools,
        system: n === 3 ? [{ type: 'text', text: 'Another system.' }] : system,
        messages: marked
          ? [
              ...messages.slice(0, -1),
              {
                ...messages.at(-1)!,
                content: [{ type: 'text', text: `call ${n}`, cache_control: { type: 'ephemeral' } }],
              },
            ]
          : messages,
      } as unknown as MessagesRequest;
      const fresh = requestUnits(request, tokenizer);
      expect(requestUnits(request, tokenizer, memo)).toEqual(fresh);
      expect(requestUnits(request, tokenizer, memo)).toEqual(fresh);
      expect(fresh.filter((u) => u.breakpoint).length).toBe(marked ? 2 : 0);
    }
  });
});

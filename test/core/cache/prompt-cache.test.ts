import { describe, expect, it } from 'vitest';
import { requestUnits } from '../../../src/core/cache/cache-units.js';
import { createPromptCache, usageCost, type CacheUnit } from '../../../src/core/cache/prompt-cache.js';
import { DEFAULT_CACHE_MODEL } from '../../../src/core/cache/models.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';

const MIN = 60_000;

/** Units named by letter, 1,000 tokens each; `marks` are the indexes with a breakpoint. */
function units(names: string, marks: number[], ttl: '5m' | '1h' = '5m'): CacheUnit[] {
  return [...names].map((key, i) => ({
    key,
    tokens: 1_000,
    breakpoint: marks.includes(i) ? ttl : undefined,
  }));
}

describe('the prompt cache', () => {
  it('writes only up to the last breakpoint; without one nothing is cached', () => {
    const cache = createPromptCache();
    expect(cache.request(units('abcd', []), 0)).toMatchObject({ uncached: 4_000, read: 0, written5m: 0 });
    expect(cache.request(units('abcd', [1]), 0)).toMatchObject({
      uncached: 2_000,
      read: 0,
      written5m: 2_000,
    });
  });

  it('reads the longest prefix written at a breakpoint, and writes the rest', () => {
    const cache = createPromptCache();
    cache.request(units('abcd', [3]), 0);
    expect(cache.request(units('abcdef', [5]), MIN)).toMatchObject({
      read: 4_000,
      written5m: 2_000,
      uncached: 0,
    });
  });

  it('bills each request by its own prefix, however the previous one began (a change mid-way, a shorter one)', () => {
    const cache = createPromptCache();
    cache.request(units('abcdef', [5]), 0);
    // The same length, changed at c: nothing written before reaches f's prefix.
    expect(cache.request(units('abXdef', [5]), MIN)).toMatchObject({ read: 0, written5m: 6_000 });
    // Shorter, then the first request again: its prefix was written and is read whole.
    expect(cache.request(units('ab', [1]), 2 * MIN)).toMatchObject({ read: 0, written5m: 2_000 });
    expect(cache.request(units('abcdef', [5]), 3 * MIN)).toMatchObject({ read: 6_000, written5m: 0 });
    expect(cache.peek(units('abXdefg', [6]), 3 * MIN)).toMatchObject({ read: 6_000, written5m: 1_000 });
  });

  it('does not read a prefix that was never a breakpoint position, even when its bytes match', () => {
    const cache = createPromptCache();
    cache.request(units('abcd', [3]), 0);
    // The edit at d: the prefix abc was never written with a breakpoint, so everything is written again.
    expect(cache.request(units('abcXef', [5]), MIN)).toMatchObject({ read: 0, written5m: 6_000 });
  });

  it('reads an earlier breakpoint position kept by the request before the edit', () => {
    const cache = createPromptCache();
    cache.request(units('abcd', [1, 3]), 0);
    expect(cache.request(units('abXdef', [1, 5]), MIN)).toMatchObject({ read: 2_000, written5m: 4_000 });
  });

  it('looks back at most 20 units from a breakpoint', () => {
    const names = 'abcdefghijklmnopqrstuvwxyzABCDEFGH';
    const cache = createPromptCache();
    cache.request(units(names.slice(0, 5), [4]), 0);
    // 21 units after the written position and the only breakpoint at the end: out of reach.
    expect(cache.request(units(names.slice(0, 26), [25]), MIN).read).toBe(0);
    const fresh = createPromptCache();
    fresh.request(units(names.slice(0, 5), [4]), 0);
    expect(fresh.request(units(names.slice(0, 24), [23]), MIN).read).toBe(5_000);
  });

  it('forgets an entry after its TTL, unless a read refreshed it', () => {
    const cache = createPromptCache();
    cache.request(units('abcd', [3]), 0);
    expect(cache.request(units('abcd', [3]), 4 * MIN).read).toBe(4_000);
    expect(cache.request(units('abcd', [3]), 8 * MIN).read).toBe(4_000);
    expect(cache.request(units('abcd', [3]), 14 * MIN)).toMatchObject({ read: 0, written5m: 4_000 });
    const long = createPromptCache();
    long.request(units('abcd', [3], '1h'), 0);
    expect(long.request(units('abcd', [3], '1h'), 50 * MIN).read).toBe(4_000);
  });

  it('bills 1-hour writes apart and prices usage by the price sheet', () => {
    const cache = createPromptCache();
    const usage = cache.request(units('abcd', [3], '1h'), 0);
    expect(usage).toMatchObject({ written1h: 4_000, written5m: 0 });
    expect(usageCost(usage, DEFAULT_CACHE_MODEL)).toBe(8_000);
    expect(
      usageCost({ uncached: 10, read: 100, written5m: 100, written1h: 0, readUnits: 1 }, DEFAULT_CACHE_MODEL),
    ).toBe(145);
  });

  it('caches nothing shorter than the minimum, and rejects a fifth breakpoint', () => {
    const cache = createPromptCache({ minTokens: 2_500 });
    expect(cache.request(units('abcd', [1]), 0)).toMatchObject({ written5m: 0, uncached: 4_000 });
    expect(cache.request(units('abcd', [1, 3]), 0)).toMatchObject({ written5m: 4_000 });
    expect(() => cache.request(units('abcdef', [0, 1, 2, 3, 4]), 0)).toThrow(RangeError);
  });
});

describe('requestUnits', () => {
  it('keys blocks without their cache_control, and flags breakpoints and their TTL', () => {
    const tokenizer = defaultTokenizer();
    const request = {
      model: 'm',
      max_tokens: 10,
      system: [
        { type: 'text' as const, text: 'You are helpful.', cache_control: { type: 'ephemeral' as const } },
      ],
      messages: [
        { role: 'user' as const, content: 'hello there' },
        {
          role: 'assistant' as const,
          content: [
            {
              type: 'text' as const,
              text: 'hi',
              cache_control: { type: 'ephemeral' as const, ttl: '1h' as const },
            },
          ],
        },
      ],
    };
    const marked = requestUnits(request, tokenizer);
    expect(marked.map((u) => u.breakpoint)).toEqual(['5m', undefined, '1h']);
    const plain = requestUnits(
      {
        ...request,
        system: [{ type: 'text', text: 'You are helpful.' }],
        messages: [request.messages[0]!, { role: 'assistant', content: [{ type: 'text', text: 'hi' }] }],
      },
      tokenizer,
    );
    expect(plain.map((u) => u.key)).toEqual(marked.map((u) => u.key));
    // The role belongs to the key: the same text from the other role is another prefix.
    const swapped = requestUnits(
      { ...request, messages: [{ role: 'assistant', content: 'hello there' }] },
      tokenizer,
    );
    expect(swapped[1]?.key).not.toBe(marked[1]?.key);
  });
});

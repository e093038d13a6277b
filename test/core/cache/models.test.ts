import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CACHE_MODEL,
  cacheModel,
  contextWindow,
  createPromptCache,
  usageCost,
  type CacheUnit,
} from '../../../src/core/cache/index.js';
import { costOf } from '../../../src/doors/kit/provider/prices.js';
import { emptyTally, tallyRecord } from '../../../src/doors/proxy/tally.js';
import { requestWindow } from '../../../src/doors/proxy/unmanaged.js';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../../support/fake-anthropic/index.js';
import { requestRecord } from '../../doors/proxy/support.js';

const million = { input: 1_000_000, cacheRead: 1_000_000, cacheWrite: 1_000_000, output: 1_000_000 };

describe('the cache model per model', () => {
  it('reads at 0.05 on Opus 5.5 and Sonnet 5.5, 0.025 on Fable and Mythos 5.1–5.2, 0.1 elsewhere', () => {
    for (const id of ['claude-opus-5-5', 'claude-sonnet-5-5', 'anthropic.claude-opus-5-5'])
      expect(cacheModel(id).read).toBe(0.05);
    for (const id of ['claude-fable-5-1', 'claude-fable-5-2', 'claude-mythos-5-1', 'claude-mythos-5-2'])
      expect(cacheModel(id).read).toBe(0.025);
    for (const id of ['claude-sonnet-4-5-20250929', 'claude-haiku-5-5', 'claude-opus-4-8[1m]', 'gpt-4o'])
      expect(cacheModel(id).read).toBe(0.1);
    expect(cacheModel('claude-fable-5-1')).toMatchObject({ write5m: 1.25, write1h: 2 });
  });

  it('knows the shortest cacheable prefix: 512 on the 5.x models, the docs’ figure before', () => {
    for (const id of ['claude-opus-5-5', 'claude-sonnet-5-5', 'claude-fable-5-2', 'claude-haiku-5-5'])
      expect(cacheModel(id).minTokens).toBe(512);
    expect(cacheModel('claude-sonnet-4-5-20250929').minTokens).toBe(1_024);
    expect(cacheModel('claude-opus-4-7').minTokens).toBe(2_048);
    expect(cacheModel('claude-haiku-4-5-20251001').minTokens).toBe(4_096);
    expect(cacheModel('claude-opus-4-5-20251101').minTokens).toBe(4_096);
    expect(cacheModel('something-new').minTokens).toBe(DEFAULT_CACHE_MODEL.minTokens);
  });

  it('gives the 5.x models a 1M window, the others 200k unless asked for 1M', () => {
    expect(contextWindow('claude-sonnet-5-5')).toBe(1_000_000);
    expect(contextWindow('claude-sonnet-4-5-20250929')).toBe(200_000);
    expect(requestWindow('claude-sonnet-4-5', 'context-1m-2025-08-07')).toBe(1_000_000);
    expect(requestWindow('claude-opus-4-8[1m]', undefined)).toBe(1_000_000);
    expect(requestWindow(undefined, undefined)).toBe(200_000);
  });

  it('says which models bind their thinking to its prefix', () => {
    const bound = [
      'claude-fable-5-1',
      'claude-mythos-5-2',
      'claude-opus-5-5',
      'claude-sonnet-5-5',
      'claude-haiku-5-5',
    ];
    for (const id of bound) expect(cacheModel(id).preservedThinking).toBe(true);
    for (const id of ['claude-opus-5', 'claude-fable-5', 'claude-sonnet-4-5', 'claude-opus-4-8'])
      expect(cacheModel(id).preservedThinking).toBe(false);
  });

  it("prices a request's cache reads at its model's ratio", () => {
    const usage = { uncached: 100, read: 10_000, written5m: 1_000, written1h: 0, readUnits: 3 };
    expect(usageCost(usage, cacheModel('claude-opus-5-5'))).toBeCloseTo(100 + 500 + 1_250);
    expect(usageCost(usage, cacheModel('claude-fable-5-1'))).toBeCloseTo(100 + 250 + 1_250);
    expect(usageCost(usage, cacheModel('claude-sonnet-4-5'))).toBeCloseTo(100 + 1_000 + 1_250);
  });

  it('caches a 5.x prefix from 512 tokens, an older model’s from 1,024', () => {
    const units = (tokens: number): CacheUnit[] => [{ key: 'a', tokens, breakpoint: '5m' }];
    const five = createPromptCache({ model: cacheModel('claude-opus-5-5') });
    const four = createPromptCache({ model: cacheModel('claude-sonnet-4-5') });
    expect(five.request(units(700), 0).written5m).toBe(700);
    expect(four.request(units(700), 0).written5m).toBe(0);
  });
});

describe('every figure at the request model’s prices', () => {
  it('the chat footer: Opus 5.5 at $4, reads at 0.05; Fable 5.1 at $10, reads at 0.025', () => {
    expect(costOf(million, 'claude-opus-5-5')).toBeCloseTo(4 + 0.2 + 5 + 20, 10);
    expect(costOf(million, 'claude-fable-5-1')).toBeCloseTo(10 + 0.25 + 12.5 + 50, 10);
    // An older model's figure is what it was.
    expect(costOf(million, 'claude-sonnet-4-5')).toBeCloseTo(3 + 0.3 + 3.75 + 15, 10);
  });

  it('the proxy tally: cache reads of an Opus 5.5 request at 0.05, of a Fable 5.1 one at 0.025', () => {
    const usage = { input: 1_000, cacheRead: 100_000, cacheWrite: 2_000, output: 10 };
    const cost = (model: string) =>
      tallyRecord(emptyTally(), requestRecord({ model, rawTokens: 1, sentTokens: 1, usage })).sessions[
        's~1'
      ]!;
    expect(cost('claude-opus-5-5').costSent).toBeCloseTo(1_000 + 5_000 + 2_500);
    expect(cost('claude-fable-5-1').costSent).toBeCloseTo(1_000 + 2_500 + 2_500);
    expect(cost('claude-sonnet-4-5').costSent).toBeCloseTo(1_000 + 10_000 + 2_500);
    expect(cost('claude-opus-5-5').dollarsSent).toBeCloseTo((8_500 * 4) / 1e6);
  });
});

describe('the fake Messages API bills at the request model', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => {
    await fake?.close();
  });

  it('caches a 700-token prefix for Opus 5.5 (512 minimum), not for Sonnet 4.5 (1,024)', async () => {
    fake = await startFakeAnthropic({ script: [textReply('a'), textReply('b')] });
    const send = async (model: string) => {
      const body = {
        model,
        max_tokens: 10,
        system: [{ type: 'text', text: 'word '.repeat(700), cache_control: { type: 'ephemeral' } }],
        messages: [{ role: 'user', content: 'hi' }],
      };
      const res = await fetch(`${fake!.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': 'k' },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { usage: { cache_creation_input_tokens: number } }).usage;
    };
    expect((await send('claude-opus-5-5')).cache_creation_input_tokens).toBeGreaterThan(512);
    expect((await send('claude-sonnet-4-5')).cache_creation_input_tokens).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../support/fake-anthropic/index.js';
import { claudeMetadata, post, startHarness, until, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const BIG = 'aaaaaaaa-0000-4000-8000-0000000000b1';
const TINY = 'bbbbbbbb-0000-4000-8000-0000000000b2';
/** A tool output of this many bytes takes the garden thread about a second or more to count, compress and store. */
const BIG_OUTPUT_BYTES = 8_000_000;

function bigBody() {
  const line = 'INFO worker 17 processed batch 12345 in 42 ms status=ok\n';
  const output = line.repeat(Math.ceil(BIG_OUTPUT_BYTES / line.length));
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 100,
    metadata: claudeMetadata(BIG),
    messages: [
      { role: 'user', content: 'run the batch' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_big', name: 'Bash', input: { command: 'batch' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_big', content: output }] },
    ],
  };
}

const tinyBody = {
  model: 'claude-sonnet-4-5',
  max_tokens: 10,
  metadata: claudeMetadata(TINY),
  messages: [{ role: 'user', content: 'a tiny question' }],
};

const asks = (text: string) => (request: RecordedRequest) => JSON.stringify(request.body).includes(text);

describe('gardener proxy with a big body in one conversation', () => {
  it('answers a tiny request of another conversation while the big one is gardened, and gardens the big one', async () => {
    harness = await startHarness([
      { reply: 'warm', match: asks('warm up') },
      { reply: 'tiny answer', match: asks('a tiny question') },
      { reply: 'batch read', match: asks('run the batch') },
    ]);
    // The first request of a process pays for loading code on every side: not what is measured.
    await post(harness, '/v1/messages', { ...tinyBody, messages: [{ role: 'user', content: 'warm up' }] });
    const started = performance.now();
    let bigEnded = 0;
    const big = post(harness, '/v1/messages', bigBody()).then((answer) => {
      bigEnded = performance.now() - started;
      return answer;
    });
    // Let the big body reach the proxy and its gardening start.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tinyStarted = performance.now();
    const tiny = await post(harness, '/v1/messages', tinyBody);
    const tinyMs = performance.now() - tinyStarted;
    expect(tiny.status).toBe(200);
    expect(JSON.parse(tiny.text).content[0].text).toBe('tiny answer');
    expect(bigEnded).toBe(0);
    expect(tinyMs).toBeLessThan(1_000);

    const answer = await big;
    // Sent as it came, 8 MB of output would be about 2M tokens: the fake (200k window) would refuse it.
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).content[0].text).toBe('batch read');
    await until(() => harness!.records.length === 3);
    const bigRecord = harness.records.find((record) => record.clientSession === BIG);
    expect(bigRecord).toMatchObject({ gardened: true });
    expect(bigRecord!.sentTokens).toBeLessThan(100_000);
    expect(harness.fake.violations).toEqual([]);
  });

  it('gardens the requests of another conversation while a big body is gardened, each in milliseconds', async () => {
    harness = await startHarness([
      { reply: 'warm', match: asks('warm up') },
      { reply: 'batch started', match: asks('run the batch') },
      { reply: 'batch read', match: asks('run the batch') },
      ...[1, 2, 3].map(() => ({ reply: 'tiny answer', match: asks('a tiny question') })),
    ]);
    await post(harness, '/v1/messages', { ...tinyBody, messages: [{ role: 'user', content: 'warm up' }] });
    // The big body's conversation is gardened once while its bodies are small: then it moves threads.
    await post(harness, '/v1/messages', { ...bigBody(), messages: bigBody().messages.slice(0, 1) });
    let bigEnded = false;
    const big = post(harness, '/v1/messages', bigBody()).then((answer) => {
      bigEnded = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const times: number[] = [];
    for (let n = 0; n < 3; n++) {
      const started = performance.now();
      const tiny = await post(harness, '/v1/messages', tinyBody);
      times.push(performance.now() - started);
      expect(tiny.status).toBe(200);
    }
    expect(bigEnded).toBe(false);
    // Before, each waited for the big body a quarter of a second and went out ungardened.
    expect(Math.min(...times)).toBeLessThan(200);
    expect((await big).status).toBe(200);
    await until(() => harness!.records.length === 6);
    const tinies = harness.records.filter((r) => r.clientSession === TINY);
    expect(tinies).toHaveLength(4);
    expect(harness.fake.violations).toEqual([]);
    for (const record of tinies) expect(record).toMatchObject({ gardened: true });
    expect(tinies.some((record) => record.failOpen)).toBe(false);
    const bigs = harness.records.filter((r) => r.clientSession === BIG);
    expect(bigs.map((r) => r.gardened)).toEqual([true, true]);
    expect(bigs[1]!.sentTokens).toBeLessThan(100_000);
  });

  it('holds a request of another conversation that is over the budget as it came until it is gardened', async () => {
    harness = await startHarness(
      [
        { reply: 'warm', match: asks('warm up') },
        { reply: 'long read', match: asks('a long question') },
        { reply: 'batch read', match: asks('run the batch') },
      ],
      { budget: 20_000 },
    );
    await post(harness, '/v1/messages', { ...tinyBody, messages: [{ role: 'user', content: 'warm up' }] });
    const big = post(harness, '/v1/messages', bigBody());
    await new Promise((resolve) => setTimeout(resolve, 300));
    // About 50k tokens of log, more than the 20k budget: sent as it came it would not fit.
    const log = 'ERROR job 42 failed at step 7 with code 3, retrying in 5 s\n'.repeat(3_500);
    const long = await post(harness, '/v1/messages', {
      ...tinyBody,
      messages: [
        { role: 'user', content: 'a long question' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_log', name: 'Bash', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_log', content: log }] },
      ],
    });
    expect(long.status).toBe(200);
    expect((await big).status).toBe(200);
    await until(() => harness!.records.length === 3);
    const record = harness.records.find(
      (r) => r.clientSession === TINY && r.rawTokens !== undefined && r.rawTokens > 20_000,
    );
    expect(record).toMatchObject({ gardened: true });
    expect(record!.sentTokens).toBeLessThan(20_000);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../../../src/doors/kit/provider/anthropic.js';
import { ProviderError } from '../../../../src/doors/kit/provider/errors.js';
import { describeSilence } from '../../../../src/doors/kit/provider/idle.js';
import { silentNotice } from '../../../../src/doors/kit/provider/notices.js';
import type { ProviderEvent, ProviderRequest } from '../../../../src/doors/kit/provider/types.js';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../../../support/fake-anthropic/index.js';

const IDLE_MS = 500;
const request: ProviderRequest = {
  model: 'claude-sonnet-4-5',
  max_tokens: 100,
  messages: [{ role: 'user', content: 'hi' }],
};

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

/** An upstream on 127.0.0.1 that accepts each request, then does `answer` (nothing, by default). */
async function silentUpstream(answer: (res: http.ServerResponse) => void = () => {}) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    req.resume();
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

/** Runs one streamed call to the end; the events seen and the error it ended with. */
async function run(baseURL: string, idleMs = IDLE_MS, pauseMs = 0, noticeMs = 60_000) {
  const delays: number[] = [];
  const provider = createAnthropicProvider(
    { model: 'm', apiKey: 'dummy', baseURL },
    {
      idleMs,
      noticeMs,
      sleep: (ms) => {
        delays.push(ms);
        return Promise.resolve();
      },
    },
  );
  const events: ProviderEvent[] = [];
  try {
    for await (const event of provider.stream(request)) {
      events.push(event);
      // The caller is slow with the first events (the stream has more to send meanwhile).
      if (pauseMs && events.length <= 2) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    return { events, delays, error: undefined };
  } catch (error) {
    return { events, delays, error: error as ProviderError };
  }
}

describe('anthropic provider: a silent stream', () => {
  it('gives up on an upstream that accepts and never answers: said as it lasts, tried twice in all', async () => {
    const upstream = await silentUpstream();
    const host = new URL(upstream.url).host;
    const started = performance.now();
    const { events, delays, error } = await run(upstream.url, IDLE_MS, 0, 200);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error?.kind).toBe('silent');
    expect(error?.message).toBe(`${host} sent nothing for 500 ms`);
    // The silent rule of the retry table: 2 attempts, each told of its silence every notice.
    expect(events.map((e) => e.type).join(',')).toMatch(/^(silent,)+retry(,silent)+$/);
    expect(events[0]).toMatchObject({ type: 'silent', from: host, limitMs: 500, attempt: 1, attempts: 2 });
    expect((events[0] as { silentMs: number }).silentMs).toBeGreaterThanOrEqual(190);
    expect(events.at(-1)).toMatchObject({ attempt: 2, attempts: 2 });
    expect(silentNotice(events[0] as never)).toMatch(
      new RegExp(
        `^no answer from ${host} for \\d+ ms; it is tried again after 500 ms of silence \\(attempt 1 of 2\\)$`,
      ),
    );
    expect(silentNotice(events.at(-1) as never)).toMatch(
      /given up after 500 ms of silence \(attempt 2 of 2, the last\)$/,
    );
    expect(delays).toEqual([500]);
    expect(upstream.requests()).toBeGreaterThanOrEqual(1);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('gives up on a stream that starts and then falls silent before any content', async () => {
    const upstream = await silentUpstream((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ping\ndata: {"type":"ping"}\n\n');
    });
    const { error } = await run(upstream.url);
    expect(error?.message).toBe(`${new URL(upstream.url).host} sent nothing for 500 ms`);
    expect(upstream.requests()).toBeGreaterThanOrEqual(2);
  });

  it('does not count the time the caller takes between events', async () => {
    const fake: FakeAnthropic = await startFakeAnthropic({
      script: [
        textReply('warm-up'),
        { reply: { content: [{ type: 'text', text: 'one two three four' }], chunkDelayMs: 20 } },
      ],
    });
    closers.push(() => fake.close());
    // The first call of a process loads fetch's parts before its first byte (seconds on a busy machine).
    expect((await run(fake.url, 60_000)).error).toBeUndefined();
    const { events, error } = await run(fake.url, IDLE_MS, IDLE_MS * 3);
    expect(error).toBeUndefined();
    expect(events.filter((e) => e.type === 'retry')).toEqual([]);
    expect(events.at(-1)?.type).toBe('stop');
  });

  it('says a silence in the unit it is set in', () => {
    expect(describeSilence(300)).toBe('300 ms');
    expect(describeSilence(90_000)).toBe('90 s');
    expect(describeSilence(600_000)).toBe('10 min');
  });
});

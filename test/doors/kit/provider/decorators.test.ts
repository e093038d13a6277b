import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../../src/doors/kit/provider/errors.js';
import { withIdleTimeout } from '../../../../src/doors/kit/provider/idle.js';
import { withDebugLog } from '../../../../src/doors/kit/provider/logging.js';
import { withRetry } from '../../../../src/doors/kit/provider/retry.js';
import type {
  Provider,
  ProviderEvent,
  ProviderRequest,
  ProviderResult,
} from '../../../../src/doors/kit/provider/types.js';

const request: ProviderRequest = { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };
const usage = { input: 3, cacheRead: 0, cacheWrite: 0, output: 2 };
const answer: ProviderResult = {
  id: 'msg_1',
  model: 'm',
  content: [{ type: 'text', text: 'ok', citations: null }],
  stopReason: 'end_turn',
  usage,
};
const cut = () => new ProviderError('the stream ended before message_stop', { kind: 'connection' });

/** A provider in memory: each call plays the next attempt (events, then an error or the answer). */
function scripted(attempts: Array<{ events: ProviderEvent[]; fail?: ProviderError }>): Provider & {
  calls: () => number;
} {
  let calls = 0;
  return {
    calls: () => calls,
    async *stream() {
      const attempt = attempts[calls++];
      if (!attempt) throw new Error('the script ran out');
      for (const event of attempt.events) yield await Promise.resolve(event);
      if (attempt.fail) throw attempt.fail;
      return answer;
    },
  };
}

async function collect(run: AsyncGenerator<ProviderEvent, ProviderResult>) {
  const events: ProviderEvent[] = [];
  for (;;) {
    const next = await run.next();
    if (next.done) return { events, result: next.value };
    events.push(next.value);
  }
}

const start: ProviderEvent = { type: 'message_start', id: 'msg_1', model: 'm' };
const text: ProviderEvent = { type: 'text_delta', text: 'ok' };
const stop: ProviderEvent = { type: 'stop', reason: 'end_turn', message: answer };
const noWait = { sleep: () => Promise.resolve() };

describe('withRetry, on any provider', () => {
  it('retries an attempt that failed before content, and the caller sees its start once', async () => {
    const inner = scripted([{ events: [start], fail: cut() }, { events: [start, text, stop] }]);
    const { events, result } = await collect(withRetry(inner, noWait).stream(request));
    expect(events.map((e) => e.type)).toEqual(['retry', 'message_start', 'text_delta', 'stop']);
    expect(events[0]).toMatchObject({ attempt: 1, reason: 'connection', message: cut().message });
    expect(result).toBe(answer);
    expect(inner.calls()).toBe(2);
  });

  it('does not retry once content reached the caller', async () => {
    const inner = scripted([{ events: [start, text], fail: cut() }, { events: [start, text, stop] }]);
    const seen: ProviderEvent[] = [];
    const run = withRetry(inner, noWait).stream(request);
    await expect(
      (async () => {
        for await (const event of run) seen.push(event);
      })(),
    ).rejects.toMatchObject({ kind: 'connection' });
    expect(seen.map((e) => e.type)).toEqual(['message_start', 'text_delta']);
    expect(inner.calls()).toBe(1);
  });
});

describe('withIdleTimeout, on any provider', () => {
  /** Sends its start, then stays silent until the call is aborted. */
  const silentAfterStart: Provider = {
    async *stream(_request, options) {
      yield start;
      await new Promise((_, reject) =>
        options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
      return answer;
    },
  };

  it('gives a silent call up with a silent error that names the silence', async () => {
    const error = await collect(withIdleTimeout(silentAfterStart, { ms: 50 }).stream(request)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'silent', message: expect.stringContaining('50 ms') });
  });

  it('does not count the time the caller holds an event', async () => {
    // Gives up, as a real stream does, once its signal is aborted.
    const abortable: Provider = {
      async *stream(_request, options) {
        for (const event of [start, text, stop]) {
          if (options?.signal?.aborted) throw new Error('aborted');
          yield await Promise.resolve(event);
        }
        return answer;
      },
    };
    const run = withIdleTimeout(abortable, { ms: 50 }).stream(request);
    expect((await run.next()).value).toEqual(start);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const { events, result } = await collect(run);
    expect(events.map((e) => e.type)).toEqual(['text_delta', 'stop']);
    expect(result).toBe(answer);
  });
});

describe('withDebugLog', () => {
  const saved = process.env['GARDENER_DEBUG'];
  let dir: string | undefined;
  afterEach(() => {
    if (saved === undefined) delete process.env['GARDENER_DEBUG'];
    else process.env['GARDENER_DEBUG'] = saved;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('logs the call and how it ended, and passes the events through as they are', async () => {
    dir = mkdtempSync(join(os.tmpdir(), 'gardener-provider-log-'));
    const log = join(dir, 'debug.log');
    process.env['GARDENER_DEBUG'] = log;
    const { events, result } = await collect(
      withDebugLog(scripted([{ events: [start, text, stop] }])).stream(request),
    );
    expect(events).toEqual([start, text, stop]);
    expect(result).toBe(answer);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/\[provider\] call \{"model":"m","messages":1\}/);
    expect(lines[1]).toMatch(/\[provider\] answered .*"stopReason":"end_turn"/);
  });

  it('logs why a call failed, and throws the same error', async () => {
    dir = mkdtempSync(join(os.tmpdir(), 'gardener-provider-log-'));
    const log = join(dir, 'debug.log');
    process.env['GARDENER_DEBUG'] = log;
    const failure = cut();
    const run = withDebugLog(scripted([{ events: [start], fail: failure }])).stream(request);
    await expect(collect(run)).rejects.toBe(failure);
    expect(readFileSync(log, 'utf8')).toMatch(/\[provider\] failed .*"kind":"connection"/);
  });
});

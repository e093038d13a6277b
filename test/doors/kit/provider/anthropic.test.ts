import { afterEach, describe, expect, it } from 'vitest';
import {
  createAnthropicProvider,
  type AnthropicProviderOptions,
} from '../../../../src/doors/kit/provider/anthropic.js';
import { ProviderError } from '../../../../src/doors/kit/provider/errors.js';
import type {
  ProviderEvent,
  ProviderRequest,
  ProviderResult,
} from '../../../../src/doors/kit/provider/types.js';
import {
  apiError,
  overloaded,
  promptTooLong,
  rateLimited,
  startFakeAnthropic,
  textReply,
  thinkingReply,
  toolReply,
  type FakeAnthropic,
  type ScriptStep,
} from '../../../support/fake-anthropic/index.js';

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const delays: number[] = [];
async function setup(script: ScriptStep[], options: AnthropicProviderOptions = {}) {
  fake = await startFakeAnthropic({ script });
  delays.length = 0;
  const sleep = (ms: number) => {
    delays.push(ms);
    return Promise.resolve();
  };
  return createAnthropicProvider(
    { model: 'claude-sonnet-4-5', apiKey: 'dummy', baseURL: fake.url },
    { sleep, ...options },
  );
}

const request = (text = 'hi', extra: Partial<ProviderRequest> = {}): ProviderRequest => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 1000,
  messages: [{ role: 'user', content: text }],
  ...extra,
});

async function collect(run: AsyncGenerator<ProviderEvent, ProviderResult>) {
  const events: ProviderEvent[] = [];
  for (;;) {
    const next = await run.next();
    if (next.done) return { events, result: next.value };
    events.push(next.value);
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error as ProviderError,
  );

describe('anthropic provider: streaming', () => {
  it('streams text deltas and returns the assembled message with usage', async () => {
    const provider = await setup([textReply('Hello there, gardener.')]);
    const { events, result } = await collect(provider.stream(request()));
    const text = events.flatMap((e) => (e.type === 'text_delta' ? [e.text] : []));
    expect(text.length).toBeGreaterThan(1);
    expect(text.join('')).toBe('Hello there, gardener.');
    expect(result.content).toEqual([{ type: 'text', text: 'Hello there, gardener.' }]);
    expect(result.stopReason).toBe('end_turn');
    expect(result.usage.input).toBe(fake!.requests[0]!.usage!.input_tokens);
    expect(result.usage.output).toBeGreaterThan(0);
    expect(result.requestId).toMatch(/^req_/);
    expect(events[0]).toMatchObject({ type: 'message_start' });
    expect(events.at(-1)).toMatchObject({ type: 'stop', reason: 'end_turn' });
    expect(fake!.requests[0]!.body.stream).toBe(true);
  });

  it('reports a tool call as start, input deltas and the parsed input', async () => {
    const input = { command: 'ls -la', timeout: 30, env: { A: '1' } };
    const provider = await setup([toolReply('bash', input, { text: 'Listing.' })]);
    const { events, result } = await collect(provider.stream(request()));
    expect(events.find((e) => e.type === 'tool_use_start')).toMatchObject({ name: 'bash', index: 1 });
    const partial = events.flatMap((e) => (e.type === 'tool_input_delta' ? [e.partialJson] : []));
    expect(partial.length).toBeGreaterThan(1);
    expect(JSON.parse(partial.join(''))).toEqual(input);
    expect(events.find((e) => e.type === 'tool_use_complete')).toMatchObject({ name: 'bash', input });
    expect(result.stopReason).toBe('tool_use');
    expect(result.content[1]).toMatchObject({ type: 'tool_use', name: 'bash', input });
  });

  it('passes thinking through and assembles blocks the API accepts back unchanged', async () => {
    const provider = await setup([
      thinkingReply('Weigh the options first.', 'Option B.'),
      textReply('noted'),
    ]);
    const thinking = { type: 'enabled' as const, budget_tokens: 2048 };
    const first = await collect(provider.stream(request('choose', { thinking, max_tokens: 4096 })));
    expect(fake!.requests[0]!.body.thinking).toEqual(thinking);
    expect(
      first.events
        .filter((e) => e.type === 'thinking_delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('Weigh the options first.');
    const block = first.result.content[0] as { type: string; thinking: string; signature: string };
    expect(block).toMatchObject({ type: 'thinking', thinking: 'Weigh the options first.' });
    expect(block.signature.length).toBeGreaterThan(10);
    const followUp = request('choose', {
      thinking,
      max_tokens: 4096,
      messages: [
        { role: 'user', content: 'choose' },
        { role: 'assistant', content: first.result.content },
        { role: 'user', content: 'why?' },
      ],
    });
    await collect(provider.stream(followUp));
    expect(fake!.violations).toEqual([]);
  });
});

describe('anthropic provider: request fidelity', () => {
  it('sends back a thinking tool turn the API accepts (thinking first, signature intact)', async () => {
    const provider = await setup([
      {
        reply: {
          content: [
            { type: 'thinking', thinking: 'List first.' },
            { type: 'tool_use', name: 'ls', input: { path: '.' } },
          ],
        },
      },
      textReply('two files'),
    ]);
    const thinking = { type: 'enabled' as const, budget_tokens: 1024 };
    const first = await collect(provider.stream(request('look', { thinking, max_tokens: 2048 })));
    const call = first.result.content[1] as { id: string };
    const second = await collect(
      provider.stream(
        request('look', {
          thinking,
          max_tokens: 2048,
          messages: [
            { role: 'user', content: 'look' },
            { role: 'assistant', content: first.result.content },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'a b' }] },
          ],
        }),
      ),
    );
    expect(second.result.content).toEqual([{ type: 'text', text: 'two files' }]);
    expect(fake!.violations).toEqual([]);
  });

  it('passes fields it does not know through unchanged', async () => {
    const provider = await setup([textReply('ok')]);
    const extra = { metadata: { user_id: 'u-1' }, service_tier: 'auto', temperature: 0.2 };
    await collect(provider.stream(request('hi', extra)));
    expect(fake!.requests[0]!.body).toMatchObject(extra);
  });
});

describe('anthropic provider: retries', () => {
  it('retries a 429 after the retry-after delay, then succeeds', async () => {
    const provider = await setup([rateLimited(3), textReply('ok')]);
    const { events, result } = await collect(provider.stream(request()));
    expect(events[0]).toMatchObject({ type: 'retry', attempt: 1, delayMs: 3000, reason: 'rate_limit' });
    expect(delays).toEqual([3000]);
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(fake!.requests).toHaveLength(2);
  });

  it('honours retry-after-ms over retry-after', async () => {
    const provider = await setup([
      apiError(429, 'rate_limit_error', 'slow down', { 'retry-after-ms': '250', 'retry-after': '9' }),
      textReply('ok'),
    ]);
    await collect(provider.stream(request()));
    expect(delays).toEqual([250]);
  });

  it('retries 529 overloaded and 5xx with growing backoff', async () => {
    const provider = await setup([overloaded(), apiError(503, 'api_error', 'unavailable'), textReply('ok')]);
    const { events } = await collect(provider.stream(request()));
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { reason: string }).reason)).toEqual([
      'overloaded',
      'server_error',
    ]);
    expect(delays[0]).toBe(2000);
    expect(delays[1]).toBe(2000);
  });

  it('retries a connection reset and a stream cut before any content', async () => {
    const provider = await setup([
      { fail: 'reset' },
      { fail: 'cut', reply: 'lost', afterEvents: 2 },
      textReply('ok'),
    ]);
    const { events, result } = await collect(provider.stream(request()));
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { reason: string }).reason)).toEqual([
      'connection',
      'connection',
    ]);
    expect(events.filter((e) => e.type === 'message_start')).toHaveLength(1);
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
  });

  it('does not retry a stream cut after content reached the caller', async () => {
    const provider = await setup([
      { fail: 'cut', reply: 'a partial answer that is long', afterEvents: 4 },
      textReply('never'),
    ]);
    const seen: ProviderEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const event of provider.stream(request())) seen.push(event);
      })(),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe('connection');
    expect(seen.some((e) => e.type === 'text_delta')).toBe(true);
    expect(fake!.remaining()).toBe(1);
  });

  it('does not retry a stream cut once a content block started, before its first delta', async () => {
    // message_start, ping, content_block_start: the block's start is content reaching the caller.
    const provider = await setup([
      { fail: 'cut', reply: 'a partial answer', afterEvents: 3 },
      textReply('never'),
    ]);
    const seen: ProviderEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const event of provider.stream(request())) seen.push(event);
      })(),
    );
    expect(error.kind).toBe('connection');
    expect(seen.map((e) => e.type)).toEqual(['message_start', 'message_usage', 'block_start']);
    expect(fake!.remaining()).toBe(1);
  });

  it('gives up after the attempts the table allows', async () => {
    const provider = await setup([overloaded(), overloaded(), overloaded(), overloaded(), overloaded()]);
    const error = await failure(collect(provider.stream(request())));
    expect(error).toMatchObject({ code: 'PROVIDER', status: 529, type: 'overloaded_error' });
    expect(fake!.requests).toHaveLength(5);
  });

  it('never retries a 400 and reports status, type, message and request id', async () => {
    const provider = await setup([
      apiError(400, 'invalid_request_error', 'messages.0: bad'),
      textReply('never'),
    ]);
    const error = await failure(collect(provider.stream(request())));
    expect(error).toMatchObject({
      code: 'PROVIDER',
      kind: 'api',
      status: 400,
      type: 'invalid_request_error',
    });
    expect(error.requestId).toMatch(/^req_/);
    expect(error.message).toContain('messages.0: bad');
    expect(fake!.requests).toHaveLength(1);
  });

  it('turns "prompt is too long" into PROVIDER_OVERFLOW with the figures', async () => {
    const provider = await setup([promptTooLong(210_345, 200_000)]);
    const error = await failure(collect(provider.stream(request())));
    expect(error).toMatchObject({
      code: 'PROVIDER_OVERFLOW',
      tokens: 210_345,
      maximum: 200_000,
      status: 400,
    });
    expect(fake!.requests).toHaveLength(1);
  });
});

describe('anthropic provider: interrupts', () => {
  it('stops a stream when the signal aborts', async () => {
    const provider = await setup([
      { reply: { content: [{ type: 'text', text: 'word '.repeat(50) }], chunkDelayMs: 30 } },
    ]);
    const controller = new AbortController();
    const seen: ProviderEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const event of provider.stream(request(), { signal: controller.signal })) {
          seen.push(event);
          if (event.type === 'text_delta') controller.abort();
        }
      })(),
    );
    expect(error).toMatchObject({ kind: 'aborted', code: 'PROVIDER' });
    expect(seen.filter((e) => e.type === 'text_delta')).toHaveLength(1);
  });

  it('stops waiting between retries when the signal aborts', async () => {
    fake = await startFakeAnthropic({ script: [rateLimited(30), textReply('never')] });
    const provider = createAnthropicProvider({ model: 'm', apiKey: 'dummy', baseURL: fake.url });
    const controller = new AbortController();
    const started = Date.now();
    const run = provider.stream(request(), { signal: controller.signal });
    expect((await run.next()).value).toMatchObject({ type: 'retry', delayMs: 30_000 });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(run.next());
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

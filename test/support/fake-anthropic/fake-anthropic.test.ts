import type { APIError } from '@anthropic-ai/sdk';
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  lastUserText,
  overloaded,
  promptTooLong,
  rateLimited,
  startFakeAnthropic,
  textReply,
  thinkingReply,
  toolReply,
  type FakeAnthropic,
  type FakeAnthropicOptions,
} from './index.js';
import type { Json } from './types.js';

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeAnthropicOptions): Promise<{ fake: FakeAnthropic; client: Anthropic }> {
  fake = await startFakeAnthropic(options);
  return { fake, client: new Anthropic({ baseURL: fake.url, apiKey: 'dummy', maxRetries: 0 }) };
}

const MODEL = 'claude-sonnet-4-5';
const hi: Anthropic.MessageParam[] = [{ role: 'user', content: 'hi' }];

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json; headers: Headers }> {
  const res = await fetch(`${fake!.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-api-key': 'dummy', ...headers },
  });
  return { status: res.status, json: await res.json(), headers: res.headers };
}

describe('fake Messages API, driven by the official SDK', () => {
  it('answers a non-streaming request with the scripted text and records it', async () => {
    const { fake, client } = await start({ script: [textReply('hello there')] });
    const message = await client.messages.create({ model: MODEL, max_tokens: 100, messages: hi });
    expect(message.content).toEqual([{ type: 'text', text: 'hello there' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/messages', step: 0, status: 200 });
    const headers = fake.requests[0]!.headers;
    expect(headers['x-api-key'] ?? headers['authorization']).toMatch(/dummy/);
    expect(headers['anthropic-version']).toBeDefined();
    expect(fake.remaining()).toBe(0);
    expect(fake.violations).toEqual([]);
  });

  it('streams tool_use input in several JSON deltas that the SDK assembles', async () => {
    const { fake, client } = await start({
      script: [toolReply('bash', { command: 'echo hello', timeout: 5 }, { text: 'Running it.' })],
    });
    const stream = client.messages.stream({ model: MODEL, max_tokens: 100, messages: hi });
    const deltas: string[] = [];
    stream.on('inputJson', (partial) => deltas.push(partial));
    const message = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(1);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content[0]).toEqual({ type: 'text', text: 'Running it.' });
    expect(message.content[1]).toMatchObject({
      type: 'tool_use',
      name: 'bash',
      input: { command: 'echo hello', timeout: 5 },
    });
    expect(fake.violations).toEqual([]);
  });

  it('streams thinking with a signature, accepts it back unchanged and rejects it modified', async () => {
    const { fake, client } = await start({
      script: [thinkingReply('Let me think.', 'Answer.'), textReply('ok'), textReply('never')],
    });
    const first = await client.messages
      .stream({ model: MODEL, max_tokens: 2000, messages: hi })
      .finalMessage();
    const thinking = first.content[0] as Anthropic.ThinkingBlock;
    expect(thinking).toMatchObject({ type: 'thinking', thinking: 'Let me think.' });
    expect(thinking.signature.length).toBeGreaterThan(10);
    const again = (content: Anthropic.ContentBlockParam[]) =>
      client.messages.create({
        model: MODEL,
        max_tokens: 100,
        messages: [...hi, { role: 'assistant', content }, { role: 'user', content: 'more' }],
      });
    await expect(again(first.content)).resolves.toMatchObject({ content: [{ text: 'ok' }] });
    await expect(again([{ ...thinking, thinking: 'Edited.' }, first.content[1]!])).rejects.toMatchObject({
      status: 400,
    });
    expect(fake.violations).toEqual([
      { request: 2, message: expect.stringContaining('thinking blocks cannot be modified') },
    ]);
  });

  it('lets a step answer from what the request holds', async () => {
    const { client } = await start({
      script: [{ reply: (request) => `you said: ${lastUserText(request)}` }],
    });
    const message = await client.messages.create({
      model: MODEL,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'the word is AZALEA' }],
    });
    expect(message.content[0]).toMatchObject({ text: 'you said: the word is AZALEA' });
  });

  it('reports 429 with retry-after and 529 as the API does', async () => {
    const { client } = await start({ script: [rateLimited(3), overloaded()] });
    const error = await client.messages
      .create({ model: MODEL, max_tokens: 10, messages: hi })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as APIError).headers?.get('retry-after')).toBe('3');
    expect((error as APIError).requestID).toMatch(/^req_/);
    await expect(
      client.messages.create({ model: MODEL, max_tokens: 10, messages: hi }),
    ).rejects.toMatchObject({ status: 529 });
  });

  it('fails a stream on a connection reset and on a cut mid-stream', async () => {
    const { client } = await start({
      script: [{ fail: 'reset' }, { fail: 'cut', reply: 'a long answer', afterEvents: 4 }],
    });
    await expect(
      client.messages.stream({ model: MODEL, max_tokens: 10, messages: hi }).finalMessage(),
    ).rejects.toThrow();
    const stream = client.messages.stream({ model: MODEL, max_tokens: 10, messages: hi });
    const seen: string[] = [];
    stream.on('text', (text) => seen.push(text));
    await expect(stream.finalMessage()).rejects.toThrow();
    expect(seen.length).toBeGreaterThan(0);
  });

  it('records the raw body and a client that goes away mid-stream', async () => {
    const { fake, client } = await start({
      script: [
        { reply: { content: [{ type: 'text', text: 'slow words '.repeat(20) }], chunkDelayMs: 20 } },
        textReply('done'),
      ],
    });
    const controller = new AbortController();
    const stream = client.messages.stream(
      { model: MODEL, max_tokens: 10, messages: hi },
      { signal: controller.signal },
    );
    stream.on('text', () => controller.abort());
    await stream.finalMessage().catch(() => undefined);
    await client.messages.create({ model: MODEL, max_tokens: 10, messages: hi });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests[0]!.clientClosed).toBe(true);
    expect(fake.requests[1]!.clientClosed).toBeUndefined();
    expect(JSON.parse(fake.requests[1]!.raw)).toEqual(fake.requests[1]!.body);
  });

  it('uses standing replies and matched steps out of order', async () => {
    const { fake, client } = await start({
      standing: [{ match: (r) => String(r.body.model).includes('haiku'), reply: 'title' }],
      script: [{ match: (r) => lastUserText(r) === 'second', reply: 'B' }, textReply('A')],
    });
    const ask = (model: string, content: string) =>
      client.messages
        .create({ model, max_tokens: 10, messages: [{ role: 'user', content }] })
        .then((m) => (m.content[0] as Anthropic.TextBlock).text);
    expect(await ask('claude-haiku-4-5', 'x')).toBe('title');
    expect(await ask(MODEL, 'first')).toBe('A');
    expect(await ask(MODEL, 'second')).toBe('B');
    expect(fake.requests.map((r) => r.standing ?? r.step)).toEqual([0, 1, 0]);
  });
});

describe('fake Messages API, raw requests', () => {
  it('answers loudly when the script runs out, and records a violation', async () => {
    await start({ script: [] });
    const { status, json } = await post('/v1/messages', {
      model: MODEL,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'where am I' }],
    });
    expect(status).toBe(500);
    expect(json.error.type).toBe('fake_script_exhausted');
    expect(json.error.message).toContain('where am I');
    expect(fake!.violations).toHaveLength(1);
  });

  it.each([
    ['no max_tokens', { model: MODEL, messages: hi }, 'max_tokens: Field required'],
    ['no messages', { model: MODEL, max_tokens: 1, messages: [] }, 'at least one message'],
    [
      'an empty text block',
      { model: MODEL, max_tokens: 1, messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] },
      'text content blocks must be non-empty',
    ],
    [
      'empty content mid-conversation',
      {
        model: MODEL,
        max_tokens: 1,
        messages: [
          { role: 'user', content: [] },
          { role: 'assistant', content: 'a' },
          { role: 'user', content: 'b' },
        ],
      },
      'non-empty content',
    ],
    [
      'a tool_use without its result',
      {
        model: MODEL,
        max_tokens: 1,
        messages: [
          ...hi,
          { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: {} }] },
          { role: 'user', content: 'go on' },
        ],
      },
      'ids were found without `tool_result` blocks immediately after: t1',
    ],
    [
      'an orphan tool_result',
      {
        model: MODEL,
        max_tokens: 1,
        messages: [
          ...hi,
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't9', content: 'r' }] },
        ],
      },
      'unexpected `tool_use_id` found in `tool_result` blocks: t9',
    ],
    [
      'five cache_control blocks',
      {
        model: MODEL,
        max_tokens: 1,
        messages: [
          {
            role: 'user',
            content: Array.from({ length: 5 }, (_, i) => ({
              type: 'text',
              text: `p${i}`,
              cache_control: { type: 'ephemeral' },
            })),
          },
        ],
      },
      'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    ],
  ])('rejects %s with the API 400', async (_name, body, message) => {
    await start({ script: [textReply('unused')] });
    const { status, json } = await post('/v1/messages', body);
    expect(status).toBe(400);
    expect(json.error.type).toBe('invalid_request_error');
    expect(json.error.message).toContain(message);
    expect(fake!.violations[0]!.message).toContain(message);
    expect(fake!.remaining()).toBe(1);
  });

  it('checks thinking as the API does: budget, the tool loop turn, prefill, redacted blocks', async () => {
    await start({
      script: [
        {
          reply: {
            content: [
              { type: 'thinking', thinking: 'plan' },
              { type: 'tool_use', name: 'x', input: {}, id: 't1' },
            ],
          },
        },
        {
          reply: {
            content: [
              { type: 'redacted_thinking', data: 'opaque-bytes' },
              { type: 'text', text: 'done' },
            ],
          },
        },
      ],
    });
    const thinking = { type: 'enabled', budget_tokens: 2000 };
    expect(
      (
        await post('/v1/messages', {
          model: MODEL,
          max_tokens: 3000,
          thinking: { type: 'enabled', budget_tokens: 500 },
          messages: hi,
        })
      ).json.error.message,
    ).toContain('greater than or equal to 1024');
    expect(
      (await post('/v1/messages', { model: MODEL, max_tokens: 1000, thinking, messages: hi })).json.error
        .message,
    ).toContain('`max_tokens` must be greater than `thinking.budget_tokens`');
    const first = await post('/v1/messages', { model: MODEL, max_tokens: 3000, thinking, messages: hi });
    const [thought, call] = first.json.content;
    const loop = (assistant: unknown[]) => ({
      model: MODEL,
      max_tokens: 3000,
      thinking,
      messages: [
        ...hi,
        { role: 'assistant', content: assistant },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'r' }] },
      ],
    });
    const dropped = await post('/v1/messages', loop([call]));
    expect(dropped.json.error.message).toContain(
      'Expected `thinking` or `redacted_thinking`, but found `tool_use`',
    );
    const kept = await post('/v1/messages', loop([thought, call]));
    expect(kept.json.content[0]).toEqual({ type: 'redacted_thinking', data: 'opaque-bytes' });
    const prefill = await post('/v1/messages', {
      model: MODEL,
      max_tokens: 10,
      messages: [...hi, { role: 'assistant', content: [thought] }],
    });
    expect(prefill.json.error.message).toContain('When thinking is disabled');
    expect(fake!.violations).toHaveLength(4);
  });

  it('accepts consecutive same-role messages (the API merges them) and tool pairs across them', async () => {
    await start({ script: [textReply('ok')] });
    const { status } = await post(
      '/v1/messages?beta=true',
      {
        model: MODEL,
        max_tokens: 1,
        metadata: { user_id: 'u' },
        context_management: { edits: [] },
        messages: [
          { role: 'user', content: 'a' },
          { role: 'user', content: 'b' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'r' }] },
          { role: 'user', content: 'and more' },
        ],
      },
      { 'anthropic-beta': 'context-management-2025-06-27' },
    );
    expect(status).toBe(200);
    expect(fake!.violations).toEqual([]);
  });

  it('accepts mid-conversation system messages as Claude Code sends them, outside the turn order', async () => {
    await start({ script: [textReply('ok')] });
    const { status } = await post('/v1/messages', {
      model: MODEL,
      max_tokens: 1,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'system', content: 'Available agent types: …' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'r' }] },
      ],
    });
    expect(status).toBe(200);
  });

  it('rejects consecutive same-role messages in strict mode', async () => {
    await start({ script: [textReply('ok')], strict: true });
    const { status } = await post('/v1/messages', { model: MODEL, max_tokens: 1, messages: [hi[0], hi[0]] });
    expect(status).toBe(400);
  });

  it('answers count_tokens with the figure it reports as usage, and overflows past the window', async () => {
    await start({ script: [textReply('ok')], contextWindow: 50 });
    const small = {
      model: MODEL,
      max_tokens: 1,
      messages: [{ role: 'user', content: 'count these few words please' }],
    };
    const counted = await post('/v1/messages/count_tokens', small);
    const answered = await post('/v1/messages', small);
    expect(counted.json.input_tokens).toBe(answered.json.usage.input_tokens);
    const big = { ...small, messages: [{ role: 'user', content: 'word '.repeat(200) }] };
    const { status, json } = await post('/v1/messages', big);
    expect(status).toBe(400);
    expect(json.error.message).toMatch(/^prompt is too long: \d+ tokens > 50 maximum$/);
  });

  describe('prompt cache, as the API keeps it', () => {
    const marked = (text: string, ttl?: '1h') => ({
      type: 'text',
      text,
      cache_control: ttl ? { type: 'ephemeral', ttl } : { type: 'ephemeral' },
    });
    const system = [marked('You are a careful engineer. '.repeat(300))];
    const body = (messages: unknown[], sys: unknown[] = system) => ({
      model: MODEL,
      max_tokens: 1,
      system: sys,
      messages,
    });
    const usageOf = async (request: unknown): Promise<Json> =>
      (await post('/v1/messages', request)).json.usage;
    let clock = 0;
    const driven = (steps: number, extra: Partial<FakeAnthropicOptions> = {}) =>
      start({
        script: Array.from({ length: steps }, (_, i) => textReply(String(i))),
        now: () => clock,
        ...extra,
      });

    it('writes at a breakpoint, reads it back, and reads nothing of a changed prefix', async () => {
      clock = 0;
      await driven(3);
      const first = await usageOf(body(hi));
      expect(first.cache_read_input_tokens).toBe(0);
      expect(first.cache_creation_input_tokens).toBeGreaterThan(1_024);
      expect(first.cache_creation).toEqual({
        ephemeral_5m_input_tokens: first.cache_creation_input_tokens,
        ephemeral_1h_input_tokens: 0,
      });
      const second = await usageOf(body([{ role: 'user', content: 'another question' }]));
      expect(second.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
      expect(second.cache_creation_input_tokens).toBe(0);
      const third = await usageOf(body(hi, [marked('Different system prompt. '.repeat(300))]));
      expect(third.cache_read_input_tokens).toBe(0);
    });

    it('forgets a 5-minute entry after its TTL on the test clock, unless a read refreshed it', async () => {
      clock = 0;
      await driven(4);
      const written = (await usageOf(body(hi))).cache_creation_input_tokens;
      clock = 4 * 60_000;
      expect((await usageOf(body(hi))).cache_read_input_tokens).toBe(written);
      clock = 8 * 60_000; // 8 minutes after the write, 4 after the read that refreshed it
      expect((await usageOf(body(hi))).cache_read_input_tokens).toBe(written);
      clock = 13 * 60_000 + 1;
      const cold = await usageOf(body(hi));
      expect(cold.cache_read_input_tokens).toBe(0);
      expect(cold.cache_creation_input_tokens).toBe(written);
    });

    it('reports 1-hour writes apart, and keeps them past 5 minutes', async () => {
      clock = 0;
      await driven(2);
      const long = [marked('You are a careful engineer. '.repeat(300), '1h')];
      const first = await usageOf(body(hi, long));
      expect(first.cache_creation.ephemeral_1h_input_tokens).toBe(first.cache_creation_input_tokens);
      expect(first.cache_creation.ephemeral_5m_input_tokens).toBe(0);
      clock = 50 * 60_000;
      expect((await usageOf(body(hi, long))).cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    });

    it('caches nothing under the minimum length, and looks back at most 20 blocks', async () => {
      clock = 0;
      await driven(3);
      const short = await usageOf(body(hi, [marked('Be brief.')]));
      expect(short.cache_creation_input_tokens).toBe(0);
      expect(short.input_tokens).toBeGreaterThan(0);
      await usageOf(body(hi));
      // The written system prompt, unmarked now, then 22 blocks with the only breakpoint: out of reach.
      const blocks = Array.from({ length: 22 }, (_, i) => ({ type: 'text', text: `note ${i}` }));
      const plain = [{ type: 'text', text: system[0]!.text }];
      const content = [...blocks.slice(0, -1), marked('last')];
      const far = await usageOf(body([{ role: 'user', content }], plain));
      expect(far.cache_read_input_tokens).toBe(0);
    });

    it('keeps input_tokens equal to count_tokens minus what the cache read and wrote', async () => {
      clock = 0;
      await driven(1);
      const request = body([{ role: 'user', content: [{ type: 'text', text: 'plain tail '.repeat(50) }] }]);
      const counted = (await post('/v1/messages/count_tokens', request)).json.input_tokens;
      const usage = await usageOf(request);
      expect(usage.input_tokens + usage.cache_creation_input_tokens).toBe(counted);
    });
  });

  it('refuses a request without credentials with 401', async () => {
    await start({ script: [textReply('unused')] });
    const res = await fetch(`${fake!.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ model: MODEL, max_tokens: 1, messages: hi }),
    });
    expect(res.status).toBe(401);
    expect(fake!.violations).toHaveLength(1);
  });

  it('answers the side paths Claude Code probes', async () => {
    await start({ script: [] });
    expect((await fetch(`${fake!.url}/`, { method: 'HEAD' })).status).toBe(200);
    const models = (await (await fetch(`${fake!.url}/v1/models`)).json()) as { data: unknown[] };
    expect(models.data.length).toBeGreaterThan(0);
    expect(fake!.violations).toEqual([]);
  });

  it('passes a too-long scripted error through untouched', async () => {
    await start({ script: [promptTooLong(210_000, 200_000)] });
    const { status, json } = await post('/v1/messages', { model: MODEL, max_tokens: 1, messages: hi });
    expect(status).toBe(400);
    expect(json.error.message).toBe('prompt is too long: 210000 tokens > 200000 maximum');
  });
});

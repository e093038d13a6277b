import { afterEach, describe, expect, it } from 'vitest';
import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import { startTestFake, type TestFake } from './test-client.js';
import type { Json } from './types.js';

let t: TestFake | undefined;
afterEach(async () => {
  await t?.fake.close();
  t = undefined;
});

const user = (content: Json = 'hi') => ({ role: 'user', content });
const call = { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'bash', input: {} }] };
const result = user([{ type: 'tool_result', tool_use_id: 't1', content: 'r' }]);
const system = (content: Json = 'note') => ({ role: 'system', content });
const TOOLS = [
  { name: 'bash', description: 'Run', input_schema: { type: 'object' } },
  { name: 'deploy', description: 'Deploy', input_schema: { type: 'object' }, defer_loading: true },
];

async function send(body: Json, headers: Record<string, string> = {}) {
  t = await startTestFake({ script: [{ reply: 'ok' }] });
  return t.post('/v1/messages', { max_tokens: 10, ...body }, headers);
}

describe('fake Messages API: models and thinking settings', () => {
  it('lists the 5.x models with their windows', async () => {
    t = await startTestFake({ script: [] });
    const list = (await (await fetch(`${t.fake.url}/v1/models`)).json()) as { data: Json[] };
    expect(list.data.map((m) => String(m.id))).toEqual(
      expect.arrayContaining(['claude-opus-5-5', 'claude-sonnet-5-5', 'claude-fable-5-2']),
    );
    expect(list.data.find((m) => m.id === 'claude-opus-5-5')).toMatchObject({ max_input_tokens: 1_000_000 });
  });

  it.each([
    [
      'claude-opus-5-5',
      { type: 'enabled', budget_tokens: 2048 },
      '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
    ],
    [
      'claude-opus-5-5',
      { type: 'disabled' },
      '"thinking.type.disabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
    ],
    ['claude-fable-5-2', { type: 'disabled' }, '"thinking.type.disabled" is not supported'],
    ['claude-haiku-4-5', { type: 'adaptive' }, '"thinking.type.adaptive" is not supported'],
    ['claude-opus-5-5', { type: 'between_tools' }, '"thinking.type.between_tools" is not supported'],
    [
      'claude-sonnet-5-5',
      { type: 'between_tools', display: 'omitted' },
      'thinking.between_tools.display: Extra inputs are not permitted',
    ],
    [
      'claude-opus-5-5',
      { type: 'adaptive', display: 'updates' },
      "thinking.adaptive.display: Input should be 'summarized' or 'omitted'",
    ],
  ])('on %s refuses thinking %j', async (model, thinking, message) => {
    const { status, json } = await send({ model, max_tokens: 4096, thinking, messages: [user()] });
    expect(status).toBe(400);
    expect(json.error.message).toContain(message);
  });

  it('takes what each model takes', async () => {
    const ok = async (body: Json, headers = {}) => expect((await send(body, headers)).status).toBe(200);
    await ok({ model: 'claude-sonnet-5-5', thinking: { type: 'between_tools' }, messages: [user()] });
    await ok({ model: 'claude-opus-4-8', thinking: { type: 'disabled' }, messages: [user()] });
    await ok(
      { model: 'claude-opus-5-5', thinking: { type: 'adaptive', display: 'updates' }, messages: [user()] },
      { 'anthropic-beta': 'thinking-display-updates-2026-08-18' },
    );
  });

  it('starts every reply with thinking of the given size when the request thinks (thinkingReplies)', async () => {
    t = await startTestFake({
      script: [{ reply: 'a' }, { reply: 'b' }, { reply: 'c' }],
      thinkingReplies: 300,
    });
    const first = await t.post('/v1/messages', {
      model: 'claude-opus-5-5',
      max_tokens: 10,
      messages: [user()],
    });
    expect(first.json.content.map((b: Json) => String(b.type))).toEqual(['thinking', 'text']);
    const tokens = defaultTokenizer().count(first.json.content[0].thinking);
    expect(tokens).toBeGreaterThanOrEqual(300);
    expect(tokens).toBeLessThan(330);
    const old = await t.post('/v1/messages', {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      messages: [user()],
    });
    expect(old.json.content.map((b: Json) => String(b.type))).toEqual(['text']);
    const off = await t.post('/v1/messages', {
      model: 'claude-opus-4-8',
      max_tokens: 10,
      thinking: { type: 'disabled' },
      messages: [user()],
    });
    expect(off.json.content.map((b: Json) => String(b.type))).toEqual(['text']);
  });
});

describe('fake Messages API: mid-conversation system messages', () => {
  it.each([
    ['first', [system(), user()], 'messages.0: a system message cannot be the first message'],
    [
      'between tool_use and tool_result',
      [user(), call, system(), result],
      'messages.2: a system message cannot stand between `tool_use` and `tool_result` blocks',
    ],
    [
      'after an assistant turn',
      [user(), { role: 'assistant', content: 'a' }, system(), user('b')],
      'messages.2: a system message must directly follow a user turn',
    ],
    [
      'before a user turn',
      [user(), system(), user('b')],
      'messages.1: a system message must precede an assistant turn or end the messages',
    ],
    [
      'with an image',
      [user(), system([{ type: 'image', source: {} }])],
      'messages.1.content.0: system messages may only contain text, tool_addition and tool_removal blocks',
    ],
  ])('refuses one %s', async (_name, messages, message) => {
    const { status, json } = await send({ model: 'claude-opus-5-5', messages });
    expect(status).toBe(400);
    expect(json.error.message).toBe(message);
  });

  it('takes one after a user turn or a tool result, several in a row, and an effort-only one anywhere', async () => {
    const ok = async (messages: Json[], headers = {}) =>
      expect((await send({ model: 'claude-opus-5-5', tools: TOOLS, messages }, headers)).status).toBe(200);
    await ok([
      user(),
      system(),
      system([{ type: 'text', text: 'more', cache_control: { type: 'ephemeral' } }]),
    ]);
    await ok([user(), call, result, system(), { role: 'assistant', content: 'done' }, user('next')]);
    await ok([user(), call, { role: 'system', content: [], output_config: { effort: 'low' } }, result]);
    const addition = system([{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'deploy' } }]);
    await ok([user(), addition], { 'anthropic-beta': 'mid-conversation-tool-changes-2026-07-01' });
  });

  it('takes tool_addition only with its beta, and only for a tool in tools', async () => {
    const addition = (name: string) =>
      system([{ type: 'tool_addition', tool: { type: 'tool_reference', name } }]);
    const bare = await send({
      model: 'claude-opus-5-5',
      tools: TOOLS,
      messages: [user(), addition('deploy')],
    });
    expect(bare.json.error.message).toContain('requires the `mid-conversation-tool-changes-2026-07-01` beta');
    const unknown = await send(
      { model: 'claude-opus-5-5', tools: TOOLS, messages: [user(), addition('nope')] },
      { 'anthropic-beta': 'mid-conversation-tool-changes-2026-07-01' },
    );
    expect(unknown.json.error.message).toBe(
      'messages.1.content.0.tool.name: no tool named "nope" in `tools`',
    );
  });

  it('checks clear_at as the API words it', async () => {
    const scoped = { role: 'system', content: 'once', clear_at: 'next_user_message' };
    const bare = await send({ model: 'claude-opus-5-5', messages: [user(), scoped] });
    expect(bare.json.error.message).toBe('messages.1.clear_at: Extra inputs are not permitted');
    const beta = { 'anthropic-beta': 'mid-conversation-system-clear-at-2026-08-21' };
    const wrong = await send(
      { model: 'claude-opus-5-5', messages: [user(), { ...scoped, clear_at: 'later' }] },
      beta,
    );
    expect(wrong.json.error.message).toBe(
      "messages.1.clear_at: Input should be 'next_user_message' or 'never'",
    );
    expect((await send({ model: 'claude-opus-5-5', messages: [user(), scoped] }, beta)).status).toBe(200);
  });
});

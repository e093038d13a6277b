import { afterEach, describe, expect, it } from 'vitest';
import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import { startTestFake, type TestFake } from './test-client.js';
import type { Json, ScriptStep } from './types.js';

const BETA = { 'anthropic-beta': 'thinking-binding-controls-2026-08-01' };
const MODEL = 'claude-opus-5-5';
const think = (thinking: string, name = 'bash'): ScriptStep => ({
  reply: {
    content: [
      { type: 'thinking', thinking },
      { type: 'tool_use', name, input: { command: thinking } },
    ],
  },
});

let t: TestFake | undefined;
afterEach(async () => {
  await t?.fake.close();
  t = undefined;
});

/** Runs a tool loop of `steps` thinking replies and returns the history to send back next. */
async function loop(
  steps: number,
  options: { account?: 'new' | 'old'; model?: string } = {},
): Promise<Json[]> {
  const script = Array.from({ length: steps }, (_, i) => think(`step ${i}`));
  t = await startTestFake({ script: [...script, ...script, ...script], ...options });
  const messages: Json[] = [{ role: 'user', content: 'fix it' }];
  for (let i = 0; i < steps; i++) {
    const { status, json } = await t.post('/v1/messages', {
      model: options.model ?? MODEL,
      max_tokens: 100,
      messages,
    });
    expect(status).toBe(200);
    const call = json.content[1];
    messages.push(
      { role: 'assistant', content: json.content },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: call.id, content: `output ${i} `.repeat(40) }],
      },
    );
  }
  return messages;
}

/** The history with the first tool_result shortened (what a compaction does). */
const shortened = (messages: Json[]): Json[] => {
  const copy = structuredClone(messages);
  copy[2].content[0].content = '[summary]';
  return copy;
};

describe('fake Messages API: the prefix check on thinking blocks', () => {
  it('takes a history sent back as produced, and answers a changed one with the API 400', async () => {
    const messages = await loop(3);
    expect((await t!.post('/v1/messages', { model: MODEL, max_tokens: 100, messages })).status).toBe(200);
    const { status, json } = await t!.post('/v1/messages', {
      model: MODEL,
      max_tokens: 100,
      messages: shortened(messages),
    });
    expect(status).toBe(400);
    expect(json.error).toEqual({
      type: 'invalid_request_error',
      message:
        'messages.3.content.0: Invalid `signature` in `thinking` block. The block is bound to a different conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block". That setting requires the `thinking-binding-controls-2026-08-01` value in the `anthropic-beta` header. Content before this block differs from when it was created, first at `messages.2.content.0`.',
    });
    const withHeader = await t!.post(
      '/v1/messages',
      { model: MODEL, max_tokens: 100, messages: shortened(messages) },
      BETA,
    );
    expect(withHeader.json.error.message).not.toContain('That setting requires');
    expect(t!.fake.violations.map((v) => v.request)).toEqual([4, 5]);
  });

  it('accepts the changed history with its thinking left out from the change on, or all of it', async () => {
    const messages = shortened(await loop(3));
    const all = messages.map((m): Json =>
      m.role === 'assistant' ? { ...m, content: m.content.slice(1) } : m,
    );
    expect((await t!.post('/v1/messages', { model: MODEL, max_tokens: 100, messages: all })).status).toBe(
      200,
    );
    const tail = structuredClone(messages);
    tail[3].content.shift();
    tail[5].content.shift();
    expect((await t!.post('/v1/messages', { model: MODEL, max_tokens: 100, messages: tail })).status).toBe(
      200,
    );
    expect(t!.fake.violations).toEqual([]);
  });

  it('with drop_block drops the failing blocks, unbilled, and lists them in input_transformations', async () => {
    const messages = shortened(await loop(3));
    const thinking = { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'drop_block' } };
    const body = { model: MODEL, max_tokens: 100, thinking, messages };
    const { status, json } = await t!.post('/v1/messages', body, BETA);
    expect(status).toBe(200);
    expect(json.input_transformations).toEqual([
      { type: 'thinking_dropped', path: 'messages.3.content.0', reason: 'prefix_binding_mismatch' },
      { type: 'thinking_dropped', path: 'messages.5.content.0', reason: 'prefix_binding_mismatch' },
    ]);
    const counted = await t!.post('/v1/messages/count_tokens', body, BETA);
    const without = structuredClone(body);
    without.messages[3].content.shift();
    without.messages[5].content.shift();
    const expected = await t!.post('/v1/messages/count_tokens', without, BETA);
    expect(counted.json).toEqual({ input_tokens: expected.json.input_tokens });
    const all = await t!.post(
      '/v1/messages/count_tokens',
      { ...body, thinking: { type: 'adaptive' } },
      { ...BETA },
    );
    expect(all.status).toBe(400);
    // Streamed: on message_start's message.
    const streamed = await t!.post('/v1/messages', { ...body, stream: true }, BETA);
    expect(streamed.events[0].message.input_transformations).toHaveLength(2);
  });

  it('refuses block_binding without its beta header, and reports [] with the header when nothing happened', async () => {
    t = await startTestFake({ script: [{ reply: 'ok' }, { reply: 'ok' }] });
    const body = {
      model: MODEL,
      max_tokens: 10,
      thinking: { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'drop_block' } },
      messages: [{ role: 'user', content: 'hi' }],
    };
    const bare = await t.post('/v1/messages', body);
    expect(bare.status).toBe(400);
    expect(bare.json.error.message).toBe('thinking.adaptive.block_binding: Extra inputs are not permitted');
    expect((await t.post('/v1/messages', body, BETA)).json.input_transformations).toEqual([]);
    const plain = { ...body, thinking: undefined };
    expect((await t.post('/v1/messages', plain)).json).not.toHaveProperty('input_transformations');
  });

  it('lets failing blocks through on an old account, reported with the header, except on Fable 5.2', async () => {
    const messages = shortened(await loop(2, { account: 'old' }));
    const { status, json } = await t!.post('/v1/messages', { model: MODEL, max_tokens: 100, messages }, BETA);
    expect(status).toBe(200);
    expect(json.input_transformations).toEqual([
      { type: 'thinking_mismatch_allowed', path: 'messages.3.content.0', reason: 'prefix_binding_mismatch' },
    ]);
    const opted = {
      model: MODEL,
      max_tokens: 100,
      thinking: { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'error' } },
      messages,
    };
    expect((await t!.post('/v1/messages', opted, BETA)).status).toBe(400);
    await t!.fake.close();
    const fable = shortened(await loop(2, { account: 'old', model: 'claude-fable-5-2' }));
    expect(
      (await t!.post('/v1/messages', { model: 'claude-fable-5-2', max_tokens: 100, messages: fable })).status,
    ).toBe(400);
  });

  it('runs no check on a model without it, and the same check on count_tokens', async () => {
    const old = shortened(await loop(2, { model: 'claude-opus-4-8' }));
    expect(
      (await t!.post('/v1/messages', { model: 'claude-opus-4-8', max_tokens: 100, messages: old })).status,
    ).toBe(200);
    await t!.fake.close();
    const messages = shortened(await loop(2));
    const counted = await t!.post('/v1/messages/count_tokens', { model: MODEL, messages });
    expect(counted.status).toBe(400);
    expect(counted.json.error.message).toContain('bound to a different conversation');
  });

  it('bills the thinking blocks of a request as input on models with preserved thinking', async () => {
    const messages = await loop(2);
    const stripped = messages.map((m): Json =>
      m.role === 'assistant' ? { ...m, content: m.content.slice(1) } : m,
    );
    const count = async (model: string, list: Json[]) =>
      (await t!.post('/v1/messages/count_tokens', { model, messages: list })).json.input_tokens as number;
    const thought = defaultTokenizer().count('step 0') + defaultTokenizer().count('step 1');
    expect((await count(MODEL, messages)) - (await count(MODEL, stripped))).toBe(thought);
    expect(await count('claude-sonnet-4-5', messages)).toBe(await count('claude-sonnet-4-5', stripped));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { CLEARED_PLACEHOLDER } from './context-management.js';
import { startTestFake, type TestFake } from './test-client.js';
import type { Json, RecordedRequest, ScriptStep } from './types.js';

const BETA = { 'anthropic-beta': 'context-management-2025-06-27' };
const MODEL = 'claude-opus-5-5';

let t: TestFake | undefined;
afterEach(async () => {
  await t?.fake.close();
  t = undefined;
});

/** A history of `n` tool calls (bash, except `read` for the second), each with a result of ~400 tokens. */
function history(n: number, thinking = false): Json[] {
  const messages: Json[] = [{ role: 'user', content: 'inspect' }];
  for (let i = 0; i < n; i++) {
    const call = {
      type: 'tool_use',
      id: `t${i}`,
      name: i === 1 ? 'read' : 'bash',
      input: { command: `cat ${i}` },
    };
    const think = { type: 'thinking', thinking: `why ${i}`, signature: `s${i}` };
    messages.push(
      { role: 'assistant', content: thinking ? [think, call] : [call] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: `line ${i}\n`.repeat(130) }],
      },
    );
  }
  return messages;
}

/** What the model read: the fake answers with the tool results it saw. */
const echo = (request: RecordedRequest): string => {
  const seen = (request.body.messages as Json[])
    .flatMap((m): Json[] => (Array.isArray(m.content) ? m.content : []))
    .filter((b: Json) => b.type === 'tool_result')
    .map((b: Json) => (b.content === CLEARED_PLACEHOLDER ? 'cleared' : 'kept'));
  return seen.join(',');
};

describe('fake Messages API: server-side context editing', () => {
  it('clears the oldest tool results past the trigger, keeps the last ones and excluded tools', async () => {
    t = await startTestFake({ script: [{ reply: 'one' }, { reply: 'two' }] });
    const edit = {
      type: 'clear_tool_uses_20250919',
      trigger: { type: 'input_tokens', value: 1_000 },
      keep: { type: 'tool_uses', value: 2 },
      exclude_tools: ['read'],
      clear_tool_inputs: true,
    };
    const body = {
      model: MODEL,
      max_tokens: 10,
      context_management: { edits: [edit] },
      messages: history(5),
    };
    const full = await t.post('/v1/messages/count_tokens', body, BETA);
    const { status, json } = await t.post('/v1/messages', body, BETA);
    expect(status).toBe(200);
    expect(json.context_management.applied_edits).toEqual([
      { type: 'clear_tool_uses_20250919', cleared_tool_uses: 2, cleared_input_tokens: expect.any(Number) },
    ]);
    const cleared = json.context_management.applied_edits[0].cleared_input_tokens as number;
    expect(full.json.context_management.original_input_tokens - full.json.input_tokens).toBe(cleared);
    expect(
      json.usage.input_tokens + json.usage.cache_read_input_tokens + json.usage.cache_creation_input_tokens,
    ).toBe(full.json.input_tokens);
    // Streamed: the final message_delta carries it.
    const streamed = await t.post('/v1/messages', { ...body, stream: true }, BETA);
    const delta = streamed.events.find((e) => e.type === 'message_delta');
    expect(delta.context_management.applied_edits[0].cleared_tool_uses).toBe(2);
  });

  it('shows the model the placeholder, and clears nothing under the trigger or below clear_at_least', async () => {
    t = await startTestFake({ script: [{ reply: echo }, { reply: echo }, { reply: echo }] });
    const send = (edit: Json) =>
      t!.post(
        '/v1/messages',
        { model: MODEL, max_tokens: 10, context_management: { edits: [edit] }, messages: history(5) },
        BETA,
      );
    const cleared = await send({
      type: 'clear_tool_uses_20250919',
      trigger: { type: 'tool_uses', value: 4 },
    });
    expect(cleared.json.content[0].text).toBe('cleared,cleared,kept,kept,kept');
    const under = await send({ type: 'clear_tool_uses_20250919' });
    expect(under.json.content[0].text).toBe('kept,kept,kept,kept,kept');
    expect(under.json.context_management).toEqual({ applied_edits: [] });
    const least = await send({
      type: 'clear_tool_uses_20250919',
      trigger: { type: 'tool_uses', value: 1 },
      clear_at_least: { type: 'input_tokens', value: 100_000 },
    });
    expect(least.json.content[0].text).toBe('kept,kept,kept,kept,kept');
  });

  it('clears thinking of all but the last turns, and never fails the prefix check for it', async () => {
    const think = (n: number): ScriptStep => ({
      reply: {
        content: [
          { type: 'thinking', thinking: `thought ${n}` },
          { type: 'tool_use', name: 'bash', input: { n } },
        ],
      },
    });
    t = await startTestFake({ script: [think(0), think(1), think(2), { reply: 'done' }] });
    const management = {
      edits: [
        { type: 'clear_thinking_20251015', keep: { type: 'thinking_turns', value: 1 } },
        {
          type: 'clear_tool_uses_20250919',
          trigger: { type: 'tool_uses', value: 1 },
          keep: { type: 'tool_uses', value: 1 },
        },
      ],
    };
    const messages: Json[] = [{ role: 'user', content: 'go' }];
    let last: Json;
    for (let i = 0; i < 4; i++) {
      const { status, json } = await t.post(
        '/v1/messages',
        { model: MODEL, max_tokens: 10, context_management: management, messages },
        BETA,
      );
      expect(status).toBe(200);
      last = json;
      if (i === 3) break;
      messages.push(
        { role: 'assistant', content: json.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: json.content[1].id, content: 'out '.repeat(50) }],
        },
      );
    }
    expect(last.context_management.applied_edits).toMatchObject([
      { type: 'clear_thinking_20251015', cleared_thinking_turns: 2 },
      { type: 'clear_tool_uses_20250919', cleared_tool_uses: 2 },
    ]);
    expect(t.fake.violations).toEqual([]);
  });

  it.each([
    ['without its beta header', { edits: [] }, {}, 'context_management: Extra inputs are not permitted'],
    [
      'clear_thinking after another edit',
      { edits: [{ type: 'clear_tool_uses_20250919' }, { type: 'clear_thinking_20251015' }] },
      BETA,
      'context_management.edits.1: clear_thinking_20251015 must be listed first in the edits array',
    ],
    ['an unknown edit', { edits: [{ type: 'clear_everything' }] }, BETA, "Input tag 'clear_everything'"],
    [
      'a keep of no turns',
      { edits: [{ type: 'clear_thinking_20251015', keep: { type: 'thinking_turns', value: 0 } }] },
      BETA,
      'context_management.edits.0.keep',
    ],
  ])('rejects context_management %s', async (_name, management, headers, message) => {
    t = await startTestFake({ script: [{ reply: 'unused' }] });
    const body = { model: MODEL, max_tokens: 10, context_management: management, messages: history(1) };
    const { status, json } = await t.post('/v1/messages', body, headers);
    expect(status).toBe(400);
    expect(json.error.message).toContain(message);
  });
});

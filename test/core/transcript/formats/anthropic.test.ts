import { describe, expect, it } from 'vitest';
import { anthropicImporter } from '../../../../src/core/transcript/formats/anthropic.js';
import { caught, expectValid } from '../fixtures.js';

const request = {
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
  tools: [{ name: 'ls', description: 'list', input_schema: { type: 'object', properties: {} } }],
  messages: [
    { role: 'user', content: 'List files' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a.ts' }] },
  ],
};

describe('anthropic importer', () => {
  it('reads a request body: system and tools kept, other fields in extra, messages untouched', () => {
    const [t] = anthropicImporter.parse(JSON.stringify(request), { source: '/tmp/req.json' });
    expect(t).toMatchObject({
      id: 'req',
      format: 'anthropic',
      system: request.system,
      tools: request.tools,
      extra: { model: 'claude-sonnet-4-5', max_tokens: 1024 },
    });
    expect(t!.messages).toEqual(request.messages);
    expect(t!.meta).toBeUndefined();
    expectValid(t!);
  });

  it('reads an array of requests and a bare message array', () => {
    expect(
      anthropicImporter.parse(JSON.stringify([request, request]), { source: 'r.json' }).map((t) => t.id),
    ).toEqual(['r#1', 'r#2']);
    const [bare] = anthropicImporter.parse(JSON.stringify(request.messages));
    expect(bare!.messages).toEqual(request.messages);
  });

  it('reads JSONL messages split into transcripts by header lines', () => {
    const lines = [
      { transcript: { id: 'one', title: 'first', system: 'sys', meta: { cwd: '/x' } } },
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b' },
      { transcript: { id: 'two' } },
      { role: 'user', content: 'c' },
    ].map((l) => JSON.stringify(l));
    const ts = anthropicImporter.parse(lines.join('\n'));
    expect(ts.map((t) => [t.id, t.messages.length])).toEqual([
      ['one', 2],
      ['two', 1],
    ]);
    expect(ts[0]).toMatchObject({ title: 'first', system: 'sys', meta: { cwd: '/x' } });
  });

  it('names the message with an OpenAI role and suggests --from openai', () => {
    const error = caught(() =>
      anthropicImporter.parse('{"role":"user","content":"a"}\n{"role":"tool","content":"b"}\n', {
        source: 'c.jsonl',
      }),
    );
    expect(error.message).toBe(
      'c.jsonl:2: unsupported role "tool" (this looks like an OpenAI chat; try --from openai)',
    );
  });

  it('reports a request that stays invalid after repair, naming the file', () => {
    const bad = { messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64' } }] }] };
    const error = caught(() => anthropicImporter.parse(JSON.stringify(bad), { source: 'bad.json' }));
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toMatch(
      /^bad\.json: transcript bad is not a valid Messages API request:\n {2}messages\.0\.content\.0\.source/,
    );
  });

  it('scores typed requests above plain chats and refuses OpenAI chats', () => {
    expect(anthropicImporter.sniff(JSON.stringify(request))).toBeGreaterThan(0.9);
    expect(anthropicImporter.sniff(JSON.stringify([{ role: 'user', content: 'hi' }]))).toBeCloseTo(0.7);
    expect(
      anthropicImporter.sniff(
        JSON.stringify({
          messages: [
            { role: 'system', content: 's' },
            { role: 'user', content: 'u' },
          ],
        }),
      ),
    ).toBe(0);
  });
});

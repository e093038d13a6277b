import { describe, expect, it } from 'vitest';
import { openaiImporter } from '../../../../src/core/transcript/formats/openai.js';
import { caught, expectValid, fixture } from '../fixtures.js';

describe('openai importer', () => {
  const [t] = openaiImporter.parse(fixture('openai-chat.json'), { source: 'openai-chat.json' });

  it('maps system to the system prompt, tool_calls to tool_use and tool messages to one user tool_result message', () => {
    expectValid(t!);
    expect(t!.system).toBe('You are a coding agent.');
    expect(t!.messages[1]!.content).toEqual([
      { type: 'tool_use', id: 'call_1', name: 'bash', input: { command: 'npm run build' } },
      { type: 'tool_use', id: 'call_2', name: 'read_file', input: { arguments: '{"path": "tsconfig.json"' } },
    ]);
    const results = t!.messages[2]!.content as Array<{ type: string; tool_use_id?: string }>;
    expect(results.slice(0, 2).map((b) => b.tool_use_id)).toEqual(['call_1', 'call_2']);
  });

  it('turns image_url data URLs into base64 image blocks', () => {
    expect(t!.messages[0]!.content).toEqual([
      { type: 'text', text: 'Why does the build fail?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
  });

  it('moves a system message from the middle into user text and counts it, with arguments that were not JSON', () => {
    const texts = (t!.messages[2]!.content as Array<{ type: string; text?: string }>).filter(
      (b) => b.type === 'text',
    );
    expect(texts.map((b) => b.text)).toEqual(['Reminder: be brief.']);
    expect(t!.meta).toMatchObject({
      model: 'gpt-4o',
      temperature: 0,
      repairKinds: { 'system-message-moved': 1, 'tool-use-fixed': 1 },
    });
  });

  it('converts function tools to Anthropic tool definitions', () => {
    expect(t!.tools).toEqual([
      {
        name: 'bash',
        description: 'Run a shell command',
        input_schema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
      },
      { name: 'read_file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } },
    ]);
  });

  it('reads dataset rows holding messages, one transcript per row, ids from the rows', () => {
    const rows = JSON.stringify([
      {
        instance_id: 'a__b-1',
        resolved: true,
        messages: [
          { role: 'user', content: 'hi' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', function: { name: 'ls', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'x' },
        ],
      },
      {
        instance_id: 'a__b-2',
        patch: 'x'.repeat(500),
        messages: [
          { role: 'system', content: 's' },
          { role: 'user', content: 'yo' },
        ],
      },
    ]);
    const ts = openaiImporter.parse(rows);
    expect(ts.map((x) => x.id)).toEqual(['a__b-1', 'a__b-2']);
    expect(ts[0]!.meta?.['resolved']).toBe(true);
    expect(ts[1]!.meta?.['patch']).toBeUndefined(); // long strings stay out of meta
    ts.forEach(expectValid);
  });

  it('rejects JSON that holds no chat messages, naming the file', () => {
    const error = caught(() => openaiImporter.parse('[{"foo": 1}]', { source: 'x.json' }));
    expect(error.message).toMatch(/^x\.json: expected OpenAI chat messages/);
  });
});

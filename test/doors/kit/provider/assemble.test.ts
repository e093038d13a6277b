import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { createAssembler, toUsage } from '../../../../src/doors/kit/provider/assemble.js';

const start = {
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: {
      input_tokens: 10,
      cache_read_input_tokens: 90,
      cache_creation_input_tokens: 5,
      output_tokens: 1,
    },
  },
} as unknown as RawMessageStreamEvent;

const events = (list: unknown[]) => list as RawMessageStreamEvent[];

describe('createAssembler', () => {
  it('keeps blocks it does not know, as they started, and ignores their deltas', () => {
    const assembler = createAssembler();
    const web = {
      type: 'web_search_tool_result',
      tool_use_id: 's1',
      content: [{ type: 'web_search_result', url: 'u' }],
    };
    for (const event of events([
      start,
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'server_tool_use', id: 's1', name: 'web_search', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"query":' },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '"vat"}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: web },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 42 },
      },
      { type: 'message_stop' },
    ]))
      assembler.push(event);
    const result = assembler.result();
    expect(result.content).toEqual([
      { type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'vat' } },
      web,
    ]);
    expect(result.usage).toEqual({ input: 10, cacheRead: 90, cacheWrite: 5, output: 42 });
    expect(assembler.complete).toBe(true);
  });

  it('counts as started only once a content block begins', () => {
    const assembler = createAssembler();
    assembler.push(start);
    expect(assembler.started).toBe(false);
    assembler.push(
      events([{ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }])[0]!,
    );
    expect(assembler.started).toBe(true);
    expect(assembler.complete).toBe(false);
  });

  it('keeps known usage figures when a later event leaves them out', () => {
    expect(toUsage({ output_tokens: 7 }, { input: 1, cacheRead: 2, cacheWrite: 3, output: 4 })).toEqual({
      input: 1,
      cacheRead: 2,
      cacheWrite: 3,
      output: 7,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { createSseUsageReader, inputTotal, jsonUsage } from '../../../src/doors/proxy/usage.js';

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe('usage read from answers as they pass', () => {
  it('reads message_start and message_delta usage from SSE split anywhere, multi-byte text included', () => {
    const stream =
      frame('message_start', {
        type: 'message_start',
        message: {
          usage: {
            input_tokens: 12,
            cache_read_input_tokens: 3000,
            cache_creation_input_tokens: 400,
            output_tokens: 1,
          },
        },
      }) +
      frame('content_block_delta', {
        type: 'content_block_delta',
        delta: { type: 'text_delta', text: 'naïve “usage” ✓' },
      }) +
      frame('message_delta', { type: 'message_delta', usage: { output_tokens: 57 } });
    const bytes = Buffer.from(stream);
    const reader = createSseUsageReader();
    for (let i = 0; i < bytes.length; i += 7) reader.feed(bytes.subarray(i, i + 7));
    expect(reader.usage()).toEqual({ input: 12, cacheRead: 3000, cacheWrite: 400, output: 57 });
    expect(inputTotal(reader.usage()!)).toBe(3412);
  });

  it('keeps the error event of a stream that failed midway', () => {
    const reader = createSseUsageReader();
    reader.feed(
      Buffer.from(
        frame('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      ),
    );
    expect(reader.error()).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
  });

  it('reads usage of a JSON answer, and nothing from one that is not JSON', () => {
    expect(jsonUsage(Buffer.from('{"usage":{"input_tokens":5,"output_tokens":2}}'))).toEqual({
      input: 5,
      cacheRead: 0,
      cacheWrite: 0,
      output: 2,
    });
    expect(jsonUsage(Buffer.from('<html>'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { callOfMessages, splitCalls } from '../../../src/doors/bench/calls.js';
import type { MessageParam } from '../../../src/core/transcript/types.js';

describe('calls', () => {
  const messages: MessageParam[] = [
    { role: 'user', content: 'task' },
    { role: 'assistant', content: 'a0' },
    { role: 'user', content: 'r0' },
    { role: 'assistant', content: 'a1' },
    { role: 'user', content: 'after the last call' },
  ];

  it('makes one call before each assistant message', () => {
    expect(splitCalls({ messages })).toEqual([
      { index: 0, messageIndex: 1 },
      { index: 1, messageIndex: 3 },
    ]);
  });

  it('puts a user message in the next call and an assistant message in its own', () => {
    expect(callOfMessages(messages)).toEqual([0, 0, 1, 1, 2]);
  });
});

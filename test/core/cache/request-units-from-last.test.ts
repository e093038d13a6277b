import { describe, expect, it } from 'vitest';
import { createCacheTrack, originalUnits, requestUnits } from '../../../src/core/cache/index.js';
import { createUnitsMemo } from '../../../src/core/cache/cache-units.js';
import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import type { MessageParam, MessagesRequest } from '../../../src/core/transcript/index.js';
import { watched } from '../../support/watched.js';

const tokenizer = defaultTokenizer();
const tools = [{ name: 'Bash', description: 'Runs a command', input_schema: { type: 'object' } }];

function turn(n: number, marked: boolean): MessageParam[] {
  const result = { type: 'tool_result', tool_use_id: `t${n}`, content: `output ${n}` };
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id: `t${n}`, name: 'Bash', input: { n } }] },
    {
      role: 'user',
      content: [marked ? { ...result, cache_control: { type: 'ephemeral' } } : result],
    } as MessageParam,
  ];
}

describe('the cache units of a request, priced from the last one', () => {
  it('are requestUnits’ own as messages are added, the newest re-marked, one changed and the system swapped', () => {
    const track = createCacheTrack();
    const messages: MessageParam[] = [{ role: 'user', content: 'run the tests' }];
    for (let n = 0; n < 8; n++) {
      // The client moves its breakpoint to the newest message: the one marked last time comes unmarked.
      if (n > 0) messages.splice(-2, 2, ...turn(n - 1, false));
      messages.push(...turn(n, true));
      if (n === 5) messages[3] = { role: 'user', content: 'changed' };
      const system = n < 3 || n === 6 ? 'You are a coding agent.' : [{ type: 'text', text: `Day ${n}` }];
      const request = {
        model: 'm',
        max_tokens: 10,
        tools,
        system,
        messages: [...messages],
      } as MessagesRequest;
      expect(originalUnits(track, request, tokenizer)).toEqual(requestUnits(request, tokenizer));
    }
  });

  it('reads no message the last request had, from the first on, and reads the rest', () => {
    const memo = createUnitsMemo();
    const reads = { count: 0 };
    const kept = [{ role: 'user', content: 'run the tests' } as MessageParam, ...turn(0, false)];
    const shared = kept.map((message) => watched(message, reads));
    const first = { tools, system: 'You are a coding agent.', messages: shared } as MessagesRequest;
    requestUnits(first, tokenizer, memo);
    expect(reads.count).toBeGreaterThan(0);
    reads.count = 0;
    const fresh = { count: 0 };
    const next = turn(1, true).map((message) => watched(message, fresh));
    const second = { ...first, messages: [...shared, ...next] } as MessagesRequest;
    const units = requestUnits(second, tokenizer, memo);
    expect(reads.count).toBe(0);
    expect(fresh.count).toBeGreaterThan(0);
    expect(units).toEqual(requestUnits(second, tokenizer));
  });
});

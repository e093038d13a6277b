import { describe, expect, it } from 'vitest';
import { takeBreakpoints } from '../../../src/doors/proxy/cache-breakpoints.js';
import {
  applyMarks,
  countBreakpoints,
  MAX_CACHE_BREAKPOINTS as MAX_BREAKPOINTS,
} from '../../../src/core/cache/index.js';
import type { MessageParam, MessagesRequest } from '../../../src/core/transcript/types.js';
import { blocksOf } from './json.js';
import { watched } from '../../support/watched.js';

const ephemeral = { type: 'ephemeral' as const };

describe('cache breakpoints across gardening', () => {
  it('takes them from the last request: the messages it shares are not read again, the rest are', () => {
    const reads = { count: 0 };
    const marked = (text: string) =>
      ({ role: 'user', content: [{ type: 'text', text, cache_control: ephemeral }] }) as MessageParam;
    const shared = [marked('a'), { role: 'assistant', content: 'b' } as MessageParam];
    const first = takeBreakpoints(shared.map((message) => watched(message, reads)));
    expect(reads.count).toBeGreaterThan(0);
    reads.count = 0;
    const next = [...first.from, { role: 'user', content: 'c' } as MessageParam, marked('d')];
    const taken = takeBreakpoints(next, first);
    expect(reads.count).toBe(0);
    expect(taken.messages).toEqual(takeBreakpoints(next).messages);
    expect(taken.breakpoints).toEqual(takeBreakpoints(next).breakpoints);
    expect(taken.breakpoints.map((mark) => mark.message)).toEqual([0, 3]);
    // A changed message, and everything after it, is taken afresh.
    const changed = takeBreakpoints([shared[0]!, marked('b2')], taken);
    expect(changed.breakpoints.map((mark) => mark.message)).toEqual([0, 1]);
    expect(changed.messages).toEqual(takeBreakpoints([shared[0]!, marked('b2')]).messages);
  });

  it('takes them off message blocks and puts them back at the same places', () => {
    const untouched = { role: 'user' as const, content: 'plain' };
    const messages = [
      untouched,
      { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 't', content: 'out', cache_control: ephemeral }],
      },
    ];
    const taken = takeBreakpoints(messages as MessageParam[]);
    expect(taken.messages[0]).toBe(untouched);
    expect(taken.messages[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 't', content: 'out' }]);
    expect(taken.breakpoints).toEqual([{ message: 2, block: 0, value: ephemeral }]);
    const restored = applyMarks({ messages: taken.messages }, taken.breakpoints);
    expect(restored.messages).toEqual(messages);
  });

  it('never sends more than four in all', () => {
    const system = [1, 2, 3].map((i) => ({ type: 'text' as const, text: `s${i}`, cache_control: ephemeral }));
    const messages = [
      { role: 'user', content: [{ type: 'text', text: 'a', cache_control: ephemeral }] },
      { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
      { role: 'user', content: [{ type: 'text', text: 'c', cache_control: ephemeral }] },
    ];
    const taken = takeBreakpoints(messages as MessageParam[]);
    const restored = applyMarks({ system, messages: taken.messages }, taken.breakpoints);
    expect(countBreakpoints(restored)).toBe(MAX_BREAKPOINTS);
    // The newest one is kept: it is the one that caches the most.
    expect(blocksOf(restored.messages[2])[0]!['cache_control']).toEqual(ephemeral);
    expect(blocksOf(restored.messages[0])[0]!['cache_control']).toBeUndefined();
  });

  it('counts breakpoints inside tool results too', () => {
    const request = {
      tools: [{ name: 't', cache_control: ephemeral }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'tool_result', content: [{ type: 'text', text: 'x', cache_control: ephemeral }] },
          ],
        },
      ],
    };
    expect(countBreakpoints(request as unknown as MessagesRequest)).toBe(2);
  });
});

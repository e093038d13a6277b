import { describe, expect, it } from 'vitest';
import { takeBreakpoints } from '../../../src/doors/proxy/cache-breakpoints.js';
import { adoptMatched, reuseMessages } from '../../../src/doors/proxy/reuse.js';
import type { MessageParam } from '../../../src/core/transcript/types.js';
import { blocksOf, type JsonMessage } from './json.js';
import { watched } from '../../support/watched.js';

describe('objects of an equal history are reused', () => {
  it('passes over a message that is the previous object itself, reading nothing of it', () => {
    const reads = { count: 0 };
    const kept = watched({ role: 'user', content: [{ type: 'text', text: 'task' }] }, reads);
    const fresh = { role: 'assistant', content: [{ type: 'text', text: 'a' }] } as MessageParam;
    const out = reuseMessages([kept], [kept, fresh]);
    expect(out[0]).toBe(kept);
    expect(out[1]).toBe(fresh);
    expect(reads.count).toBe(0);
  });

  it('gives back the previous objects for equal messages and blocks, fresh ones for changed ones', () => {
    const previous: JsonMessage[] = [
      { role: 'user', content: 'task' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'a' },
          { type: 'tool_use', id: 't', name: 'Bash', input: { command: 'ls' } },
        ],
      },
    ];
    const next = JSON.parse(JSON.stringify(previous)) as JsonMessage[];
    blocksOf(next[1])[0]!['text'] = 'edited';
    next.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] });
    const out = reuseMessages(previous as MessageParam[], next as MessageParam[]);
    expect(out).toEqual(next);
    expect(out[0]).toBe(previous[0]);
    expect(out[1]).not.toBe(previous[1]);
    expect(blocksOf(out[1])[0]).toBe(blocksOf(next[1])[0]);
    expect(blocksOf(out[1])[1]).toBe(blocksOf(previous[1])[1]);
    expect(out[2]).toBe(next[2]);
  });

  it('puts the matched objects into the parsed body, except on messages the client put a breakpoint on', () => {
    const earlier = [{ role: 'user', content: 'task' }] as MessageParam[];
    const parsed = [
      { role: 'user', content: 'task' },
      { role: 'user', content: [{ type: 'text', text: 'b', cache_control: { type: 'ephemeral' } }] },
    ] as MessageParam[];
    const taken = takeBreakpoints(parsed).messages;
    const matched = reuseMessages(earlier, taken);
    const body = [...parsed];
    adoptMatched(body, taken, matched);
    expect(body[0]).toBe(earlier[0]);
    expect(body[1]).toBe(parsed[1]);
    expect(body).toEqual(parsed);
  });
});

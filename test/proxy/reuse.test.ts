import { describe, expect, it } from 'vitest';
import { reuseMessages } from '../../src/proxy/reuse.js';

describe('objects of an equal history are reused', () => {
  it('gives back the previous objects for equal messages and blocks, fresh ones for changed ones', () => {
    const previous: any[] = [
      { role: 'user', content: 'task' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'a' },
          { type: 'tool_use', id: 't', name: 'Bash', input: { command: 'ls' } },
        ],
      },
    ];
    const next: any[] = JSON.parse(JSON.stringify(previous));
    next[1].content[0].text = 'edited';
    next.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] });
    const out = reuseMessages(previous, next);
    expect(out).toEqual(next);
    expect(out[0]).toBe(previous[0]);
    expect(out[1]).not.toBe(previous[1]);
    expect((out[1]!.content as any[])[0]).toBe(next[1].content[0]);
    expect((out[1]!.content as any[])[1]).toBe(previous[1].content[1]);
    expect(out[2]).toBe(next[2]);
  });
});

import { describe, expect, it } from 'vitest';
import { BIG_BODY_BYTES, createThreadRoute } from '../../../src/doors/proxy/thread-route.js';

/** A conversation's body: its history of `turns` tool outputs of `bytes` each (one JSON string). */
function body(session: string, turns: number, bytes: number): Buffer {
  const messages = [];
  for (let n = 0; n < turns; n++)
    messages.push({ role: 'user', content: `${n}:`.padEnd(bytes, String.fromCharCode(97 + (n % 26))) });
  return Buffer.from(JSON.stringify({ metadata: { user_id: session }, messages }));
}

describe('which garden thread a body goes to', () => {
  it('keeps a long conversation on its thread when its whole body crosses the line with little new', () => {
    const route = createThreadRoute('small', 'big');
    const step = 64 * 1024;
    const turnsPast = Math.ceil(BIG_BODY_BYTES / step) + 2;
    for (let turns = 1; turns <= turnsPast; turns++) {
      const raw = body('a', turns, step);
      const { thread, newBytes } = route.pick(raw);
      expect(thread).toBe('small');
      expect(newBytes).toBeLessThan(BIG_BODY_BYTES);
      route.gardened('a', raw, thread);
    }
    expect(body('a', turnsPast, step).byteLength).toBeGreaterThan(BIG_BODY_BYTES);
  });

  it('sends a body with BIG_BODY_BYTES new to the big thread, and the conversation stays there', () => {
    const route = createThreadRoute('small', 'big');
    const first = body('b', 1, 1_000);
    route.gardened('b', first, route.pick(first).thread);
    const huge = body('b', 2, BIG_BODY_BYTES + 1_000);
    expect(route.pick(huge)).toMatchObject({ thread: 'big' });
    expect(route.pick(huge).newBytes).toBeGreaterThanOrEqual(BIG_BODY_BYTES);
    route.gardened('b', huge, 'big');
    const next = Buffer.concat([
      huge.subarray(0, huge.length - 2),
      Buffer.from(',{"role":"user","content":"ok"}]}'),
    ]);
    expect(route.pick(next)).toEqual({ thread: 'big', newBytes: next.length - (huge.length - 2) });
  });

  it('sends a big body of a conversation it has not seen to the big thread, a small one to the small', () => {
    const route = createThreadRoute('small', 'big');
    route.gardened('c', body('c', 70, 64 * 1024), 'small');
    expect(route.pick(body('d', 70, 64 * 1024)).thread).toBe('big');
    expect(route.pick(body('d', 1, 1_000)).thread).toBe('small');
  });
});

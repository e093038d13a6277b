import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessagesRequest } from '../../../src/core/transcript/index.js';
import { createRequestBytes } from '../../../src/doors/proxy/request-bytes.js';

const text = fc.string({ unit: 'binary', maxLength: 40 });
const message = fc.record({
  role: fc.constantFrom('user', 'assistant'),
  content: fc.oneof(
    text,
    fc.array(
      fc.record({ type: fc.constant('text'), text, extra: fc.option(fc.jsonValue(), { nil: undefined }) }),
    ),
  ),
});
/** Keys before and after the messages, some of them values JSON leaves out. */
const extra = fc.dictionary(
  fc.string({ maxLength: 8 }).filter((k) => k !== 'messages'),
  fc.oneof(fc.jsonValue(), fc.constant(undefined)),
);

describe('the bytes of a rendered request', () => {
  it('are JSON.stringify’s, call after call, as messages are kept, added, replaced and dropped', () => {
    fc.assert(
      fc.property(
        extra,
        extra,
        fc.array(fc.array(message, { maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (before, after, additions, replaced) => {
          const bytes = createRequestBytes();
          let messages: unknown[] = [];
          additions.forEach((added, call) => {
            messages = [...messages, ...added];
            const at = replaced[call];
            // A message the engine rendered anew (an event): a new object with new content.
            if (at !== undefined && messages.length > 0)
              messages[at % messages.length] = { role: 'user', content: `changed ${call}` };
            if (call === 3) messages = messages.slice(1);
            const request = { ...before, messages, ...after } as unknown as MessagesRequest;
            expect(bytes(request).equals(Buffer.from(JSON.stringify(request)))).toBe(true);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reuse a kept message’s bytes and serialise a new object afresh', () => {
    const bytes = createRequestBytes();
    const kept = { role: 'user', content: 'run the tests' };
    const first = bytes({ model: 'm', messages: [kept] } as unknown as MessagesRequest);
    const second = bytes({ model: 'm', messages: [kept, { role: 'assistant', content: 'é✓' }] } as never);
    expect(second.toString()).toBe(
      JSON.stringify({ model: 'm', messages: [kept, { role: 'assistant', content: 'é✓' }] }),
    );
    expect(first.toString()).toBe('{"model":"m","messages":[{"role":"user","content":"run the tests"}]}');
    expect(bytes({ messages: [], stream: undefined }).toString()).toBe('{"messages":[]}');
  });
});

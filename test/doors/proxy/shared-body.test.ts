import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessagesRequest } from '../../../src/core/transcript/index.js';
import { createMessageBytes } from '../../../src/doors/proxy/request-bytes.js';
import { createSharedBodies } from '../../../src/doors/proxy/shared-body.js';

const text = fc.string({ unit: 'binary', maxLength: 400 });
const message = fc.record({
  role: fc.constantFrom('user', 'assistant'),
  content: fc.oneof(text, fc.array(fc.record({ type: fc.constant('text'), text }), { maxLength: 3 })),
});
/** How one call changes the conversation: messages added, one replaced, the head changed, the last body still in use. */
const call = fc.record({
  added: fc.array(message, { maxLength: 4 }),
  replaced: fc.option(fc.nat(), { nil: undefined }),
  model: fc.constantFrom('m', 'm', 'other model'),
  released: fc.boolean(),
});

const request = (model: string, messages: unknown[]) =>
  ({ model, max_tokens: 10, messages, stream: true }) as unknown as MessagesRequest;

describe('request bodies written over the conversation’s last one, on shared memory', () => {
  it('are JSON.stringify’s bytes, and a body still in use is never written over', () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 8 }), (calls) => {
        const bodies = createSharedBodies(createMessageBytes());
        let messages: unknown[] = [];
        let last: { bytes: Buffer; copy: Buffer; inUse: Int32Array } | undefined;
        for (const step of calls) {
          if (last && step.released) Atomics.store(last.inUse, 0, 0);
          messages = [...messages, ...step.added];
          if (step.replaced !== undefined && messages.length > 0)
            messages[step.replaced % messages.length] = { role: 'user', content: `changed ${step.replaced}` };
          const written = bodies.write('c', request(step.model, messages))!;
          expect(written.bytes.toString('latin1')).toBe(
            Buffer.from(JSON.stringify(request(step.model, messages))).toString('latin1'),
          );
          // The body handed out before and not released is as it was.
          if (last && !step.released) expect(last.bytes.equals(last.copy)).toBe(true);
          last = { bytes: written.bytes, copy: Buffer.from(written.bytes), inUse: written.inUse };
        }
      }),
      { numRuns: 200 },
    );
  });

  it('writes the next body into the same memory once the last one is released, and into new memory while it is not', () => {
    const bodies = createSharedBodies(createMessageBytes());
    const messages: unknown[] = [{ role: 'user', content: 'run the tests' }];
    const first = bodies.write('c', request('m', messages))!;
    expect(Atomics.load(first.inUse, 0)).toBe(1);
    const kept = Buffer.from(first.bytes);
    messages.push({ role: 'assistant', content: 'ran them' });
    const second = bodies.write('c', request('m', messages))!;
    expect(second.bytes.buffer).not.toBe(first.bytes.buffer);
    expect(first.bytes.equals(kept)).toBe(true);
    Atomics.store(second.inUse, 0, 0);
    messages.push({ role: 'user', content: 'and now?' });
    const third = bodies.write('c', request('m', messages))!;
    expect(third.bytes.buffer).toBe(second.bytes.buffer);
    expect(third.bytes.toString()).toBe(JSON.stringify(request('m', messages)));
    // Another conversation has memory of its own.
    expect(bodies.write('d', request('m', messages))!.bytes.buffer).not.toBe(third.bytes.buffer);
  });
});

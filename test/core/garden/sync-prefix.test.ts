import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { commonPrefix, recordInput, sameJson } from '../../../src/core/garden/ingest/prefix.js';
import type { Block, MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, garden, tempStore, upTo } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

const blockCount = (t: Transcript) =>
  t.messages.reduce(
    (n, m) => n + (typeof m.content === 'string' ? (m.content ? 1 : 0) : m.content.length),
    0,
  );

describe('sync reads only what follows the unchanged prefix', () => {
  it('sees a block pushed into a message it has read (the same object, changed in place)', () => {
    const g = garden(store, 100_000, { inject: 'off' });
    const session = agentSession(2);
    g.sync(session);
    const last = session.messages[session.messages.length - 1] as MessageParam & { content: Block[] };
    last.content.push({ type: 'text', text: 'Also check the linker flags.' });
    const again = g.sync(session);
    expect(again.added).toBe(1);
    expect(again.known).toBe(blockCount(session) - 1);
    expect(g.render().messages).toEqual(session.messages);
  });

  it('drops the messages after a rewind and reads the new continuation, keeping the slots of blocks seen before', () => {
    const g = garden(store, 100_000, { inject: 'off' });
    const session = agentSession(3);
    g.sync(session);
    const rewound: Transcript = {
      ...session,
      messages: [...session.messages.slice(0, 3), { role: 'assistant', content: 'Done: it was module0.' }],
    };
    const result = g.sync(rewound);
    expect(result.added).toBe(1);
    expect(result.known).toBe(blockCount(rewound) - 1);
    expect(g.render().messages).toEqual(rewound.messages);
    // Sent again after the rewind, the dropped messages are read as new, the prefix as known.
    const again = g.sync(session);
    expect(again.known).toBe(blockCount(upTo(session, 3)));
    expect(again.added).toBe(blockCount(session) - blockCount(upTo(session, 3)));
    expect(g.render().messages).toEqual(session.messages);
  });

  it('builds the same view call by call as a garden that reads each transcript whole', () => {
    const base = agentSession(6, { lines: 40 });
    const step = fc.record({
      keep: fc.integer({ min: 1, max: base.messages.length }),
      edit: fc.constantFrom('none', 'clone', 'rewrite-last'),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
        const live = garden(store, 100_000, { inject: 'off' });
        for (const { keep, edit } of steps) {
          let transcript = upTo(base, keep);
          if (edit === 'clone') transcript = structuredClone(transcript);
          if (edit === 'rewrite-last') {
            const messages = [...transcript.messages];
            messages[keep - 1] = { role: messages[keep - 1]!.role, content: `rewritten ${keep}` };
            transcript = { ...transcript, messages };
          }
          const result = live.sync(transcript);
          const fresh = garden(store, 100_000, { inject: 'off' });
          const whole = fresh.sync(transcript);
          expect(result.added + result.known).toBe(whole.added + whole.known);
          expect(live.render()).toEqual(fresh.render());
          expect(live.classStats()).toEqual(fresh.classStats());
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('the system prompt and tools', () => {
  it('are counted again when they change, also in place', () => {
    const g = garden(store, 100_000, { inject: 'off' });
    const session = agentSession(1);
    g.sync(session);
    const before = g.pressure().fixed_tokens;
    const tools = [
      { name: 'Bash', description: 'Runs a shell command.', input_schema: { type: 'object' as const } },
    ];
    g.sync({ ...session, tools });
    const withTools = g.pressure().fixed_tokens;
    expect(withTools).toBeGreaterThan(before);
    tools.push({
      name: 'Read',
      description: 'Reads a file from the disk.',
      input_schema: { type: 'object' },
    });
    g.sync({ ...session, tools });
    expect(g.pressure().fixed_tokens).toBeGreaterThan(withTools);
    g.sync({ ...session, system: `${session.system as string} Be brief.` });
    expect(g.pressure().fixed_tokens).toBeGreaterThan(before);
  });
});

describe('commonPrefix', () => {
  const a: MessageParam = { role: 'user', content: [{ type: 'text', text: 'a' }] };
  const b: MessageParam = { role: 'assistant', content: 'b' };

  it('passes the same objects, and equal fresh ones, up to the first message that differs', () => {
    const inputs = [recordInput(a), recordInput(b)];
    expect(commonPrefix(inputs, [a, b, a])).toBe(2);
    expect(commonPrefix(inputs, structuredClone([a, b]))).toBe(2);
    expect(commonPrefix(inputs, [a, { role: 'assistant', content: 'c' }])).toBe(1);
    expect(commonPrefix(inputs, [b])).toBe(0);
  });

  it('stops at a message whose block list was changed in place', () => {
    const own: MessageParam = { role: 'user', content: [{ type: 'text', text: 'x' }] };
    const inputs = [recordInput(own)];
    (own.content as Block[])[0] = { type: 'text', text: 'y' };
    expect(commonPrefix(inputs, [own])).toBe(0);
  });

  it('compares key order too (it shows in a block fingerprint)', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'x' }] })).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson({ a: undefined }, {})).toBe(false);
  });
});

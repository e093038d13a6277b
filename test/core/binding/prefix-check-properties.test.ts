import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRequest } from '../../../src/core/binding/index.js';
import { converse, thinkingPaths, turnShape, withoutThinking, type Json } from './conversation.js';

const shapes = fc.array(turnShape, { minLength: 1, maxLength: 8 });
/** A conversation with at least `n` thinking blocks in its last request. */
const withThinking = (n: number) =>
  shapes.map(converse).filter(({ request }) => thinkingPaths(request).length >= n);
const passes = (request: Json, store: Parameters<typeof checkRequest>[1]) =>
  checkRequest(request, store).failures.length === 0;

describe('the prefix check, as properties of a conversation', () => {
  it('appending keeps every block valid', () => {
    fc.assert(
      fc.property(shapes, fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }), (turns, notes) => {
        const { request, store, checks } = converse(turns);
        expect(checks.every((c) => c.failures.length === 0 && c.unknown.length === 0)).toBe(true);
        for (const note of notes)
          request.messages.push({ role: 'assistant', content: [{ type: 'text', text: note }] });
        expect(passes(request, store)).toBe(true);
      }),
    );
  });

  it('editing an earlier tool_result invalidates exactly the thinking blocks after it', () => {
    fc.assert(
      fc.property(withThinking(1), fc.nat(), ({ request, store }, pick) => {
        const results: Array<[number, number]> = [];
        request.messages.forEach((m: Json, i: number) => {
          if (!Array.isArray(m.content)) return;
          m.content.forEach((b: Json, j: number) => {
            if (b.type === 'tool_result') results.push([i, j]);
          });
        });
        const [i, j] = results[pick % results.length] as [number, number];
        request.messages[i].content[j].content = '[shortened]';
        const later = thinkingPaths(request).filter((path) => Number(path.split('.')[1]) > i);
        const check = checkRequest(request, store);
        expect(check.failures.map((f) => f.path)).toEqual(later);
        if (later.length > 0) expect(check.changedAt).toBe(`messages.${i}.content.${j}`);
      }),
    );
  });

  it('removing thinking blocks from the start, from the end, or all of them stays valid', () => {
    fc.assert(
      fc.property(withThinking(1), fc.nat(), fc.nat(), ({ request, store }, a, b) => {
        const total = thinkingPaths(request).length;
        const start = a % (total + 1);
        const end = b % (total + 1);
        expect(
          passes(
            withoutThinking(request, (n) => n < start),
            store,
          ),
        ).toBe(true);
        expect(
          passes(
            withoutThinking(request, (n) => n >= total - end),
            store,
          ),
        ).toBe(true);
        expect(
          passes(
            withoutThinking(request, () => true),
            store,
          ),
        ).toBe(true);
      }),
    );
  });

  it('removing one from the middle fails the blocks after it', () => {
    fc.assert(
      fc.property(withThinking(3), fc.nat(), ({ request, store }, pick) => {
        const total = thinkingPaths(request).length;
        const middle = 1 + (pick % (total - 2));
        const check = checkRequest(
          withoutThinking(request, (n) => n === middle),
          store,
        );
        expect(check.failures.length).toBe(total - middle - 1);
        expect(check.failures[0]?.reason).toBe('chain');
      }),
    );
  });

  it('putting back a block removed earlier fails the blocks produced while it was gone', () => {
    fc.assert(
      fc.property(shapes, shapes, fc.boolean(), (before, after, fromStart) => {
        const first = converse(before);
        const total = thinkingPaths(first.request).length;
        fc.pre(total >= 1);
        // The client leaves out the oldest (or the newest) block, and the conversation goes on without it.
        const removed = fromStart ? 0 : total - 1;
        const without = withoutThinking(first.request, (n) => n === removed);
        const continued = converse(after, {
          store: first.store,
          messages: without.messages,
          from: before.length,
        });
        expect(continued.checks.every((c) => c.failures.length === 0)).toBe(true);
        const kept = first.request.messages.length;
        fc.pre(thinkingPaths({ messages: continued.request.messages.slice(kept) }).length > 0);
        const back = structuredClone(continued.request);
        back.messages.splice(0, kept, ...structuredClone(first.request.messages));
        expect(checkRequest(back, first.store).failures.length).toBeGreaterThan(0);
      }),
    );
  });

  it('moving cache_control marks stays valid', () => {
    fc.assert(
      fc.property(withThinking(1), fc.array(fc.nat(), { maxLength: 4 }), ({ request, store }, marks) => {
        const blocks: Json[] = [];
        for (const m of request.messages as Json[]) if (Array.isArray(m.content)) blocks.push(...m.content);
        for (const pick of marks) {
          const block = blocks[pick % blocks.length];
          if (block.type !== 'thinking') block.cache_control = { type: 'ephemeral' };
        }
        for (const block of request.system) block.cache_control = { type: 'ephemeral', ttl: '1h' };
        expect(passes(request, store)).toBe(true);
      }),
    );
  });
});

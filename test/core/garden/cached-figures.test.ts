import { afterAll, describe, expect, it } from 'vitest';
import { countRequest } from '../../../src/core/tokens/count.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { agentSession, garden, tempStore, upTo } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);
const tokenizer = defaultTokenizer();

/** Ids of the stored entries that render shortened now. */
function shortenedIds(text: string): string[] {
  return [...text.matchAll(/(?:id=|fetch\(\\"|gardener show )(\w+)/g)].map((m) => m[1]!);
}

describe('token figures kept between calls', () => {
  it('follow every change of form: events, settling, recall into context, forget and pin', () => {
    const g = garden(store, 6_000, { inject: 'off' });
    const session = agentSession(16, { lines: 60 });
    const exact = () => countRequest(tokenizer, g.render({ inject: false }));
    for (let messages = 2; messages <= session.messages.length; messages += 2) {
      g.sync(upTo(session, messages));
      const plan = g.plan({ strict: false });
      expect(exact()).toBe(plan.tokens);
    }
    expect(g.counters().events).toBeGreaterThan(0);
    g.settle();
    expect(g.pressure().rendered_tokens).toBe(exact());
    const ids = shortenedIds(JSON.stringify(g.render({ inject: false })));
    expect(ids.length).toBeGreaterThan(2);
    expect(g.recallIntoContext(ids[0]!).changed).toBeGreaterThan(0);
    expect(g.pressure().rendered_tokens).toBe(exact());
    g.forget(ids[0]!);
    expect(g.pressure().rendered_tokens).toBe(exact());
    expect(g.pin(ids[1]!).changed).toBeGreaterThan(0);
    expect(g.pressure().rendered_tokens).toBe(exact());
  });

  it('keep each message rendered until one of its slots changes form', () => {
    const g = garden(store, 6_000, { inject: 'off' });
    const session = agentSession(16, { lines: 60 });
    g.sync(session);
    g.plan({ strict: false });
    g.settle();
    const first = g.render({ inject: false }).messages;
    const second = g.render({ inject: false }).messages;
    second.forEach((message, m) => expect(message).toBe(first[m]));
    const id = shortenedIds(JSON.stringify(first))[0]!;
    const at = first.findIndex((message) => JSON.stringify(message).includes(id));
    expect(g.recallIntoContext(id).changed).toBe(1);
    const third = g.render({ inject: false }).messages;
    expect(third[at]).toEqual(session.messages[at]);
    third.forEach((message, m) => {
      if (m !== at) expect(message).toBe(first[m]);
    });
  });
});

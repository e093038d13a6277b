import { afterAll, describe, expect, it } from 'vitest';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('persistence', () => {
  it('continues with the same forms after a restart: the rendered request is byte-identical', () => {
    const session = agentSession(14, { lines: 40 });
    const first = garden(store, 9_000, { inject: 'off' }, 'restart');
    first.sync(session);
    first.plan();
    const before = JSON.stringify(first.render());
    const events = first.counters().events;
    first.close();

    const second = garden(store, 9_000, { inject: 'off' }, 'restart');
    second.sync(session);
    expect(JSON.stringify(second.render())).toBe(before);
    expect(second.plan().event).toBeUndefined();
    expect(second.counters().events).toBe(events);
    expect(second.events().length).toBe(events);
  });

  it('keeps nothing when persistence is off', () => {
    const session = agentSession(14, { lines: 40 });
    const first = garden(store, 9_000, { inject: 'off', persist: false }, 'volatile');
    first.sync(session);
    first.plan();
    first.close();
    const second = garden(store, 9_000, { inject: 'off', persist: false }, 'volatile');
    second.sync(session);
    expect(second.render().messages).toEqual(session.messages);
  });

  it('starts afresh from unreadable saved state', () => {
    store.sessionStateSet({ project: 'test', session: 'broken' }, 'garden', '{not json');
    const g = garden(store, 9_000, { inject: 'off' }, 'broken');
    g.sync(agentSession(2));
    expect(g.counters().events).toBe(0);
  });
});

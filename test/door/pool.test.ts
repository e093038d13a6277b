import { afterAll, describe, expect, it } from 'vitest';
import { createSessionPool } from '../../src/doors/kit/pool.js';
import { agentSession, tempStore } from '../garden/helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('a session pool', () => {
  it('keeps one session per scope and closes the least recently used one past its size', async () => {
    const pool = createSessionPool({ store, budget: 8_000, max: 2 });
    const a = pool.get({ project: 'p', session: 'a' });
    expect(pool.get({ project: 'p', session: 'a' })).toBe(a);
    const b = pool.get({ project: 'p', session: 'b' });
    a.next(agentSession(3));
    pool.get({ project: 'p', session: 'a' }); // a is now the most recently used
    pool.get({ project: 'p', session: 'c' });
    const open = pool.sessions().map((s) => s.scope.session);
    expect(open.sort()).toEqual(['a', 'c']);
    expect(open).not.toContain(b.scope.session);
    await pool.close();
    expect(pool.sessions()).toEqual([]);
  });

  it('settles an evicted session before closing it, so what it held is stored', async () => {
    const pool = createSessionPool({ store, budget: 200_000, max: 1, config: { keepLastTurns: 40 } });
    const first = pool.get({ project: 'q', session: 'first' });
    first.next(agentSession(3, { id: 'first-session' }));
    pool.get({ project: 'q', session: 'second' });
    await pool.close();
    const stats = store.stats({ project: 'q', session: 'first' });
    expect(stats.entries).toBeGreaterThan(0);
  });

  it('tells the door when closing an evicted session fails, and carries on', async () => {
    const errors: string[] = [];
    const pool = createSessionPool({
      store,
      budget: 200_000,
      max: 1,
      config: { keepLastTurns: 40 },
      compress: () => {
        throw new Error('no compressor today');
      },
      onError: (error, scope) => errors.push(`${scope.session}: ${String(error)}`),
    });
    pool.get({ project: 'r', session: 'one' }).next(agentSession(2));
    pool.get({ project: 'r', session: 'two' });
    await pool.close();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^one: .*no compressor today/);
    expect(pool.sessions()).toEqual([]);
  });
});

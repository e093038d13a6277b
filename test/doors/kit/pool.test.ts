import { afterAll, describe, expect, it } from 'vitest';
import { createSessionPool } from '../../../src/doors/kit/pool.js';
import { agentSession, tempStore } from '../../core/garden/helpers.js';

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

  it('drops a session without settling or saving it: another owner saves that scope now', async () => {
    let saves = 0;
    const counting = new Proxy(store, {
      get(target, key, receiver) {
        if (key === 'sessionStateSet') {
          return (...args: Parameters<typeof store.sessionStateSet>) => {
            saves++;
            return target.sessionStateSet(...args);
          };
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const scope = { project: 'd', session: 'moved' };
    const kept = createSessionPool({ store: counting, budget: 8_000 });
    kept.get(scope).next(agentSession(3));
    const beforeClose = saves;
    await kept.close();
    expect(saves).toBeGreaterThan(beforeClose); // closing saves the state

    const pool = createSessionPool({ store: counting, budget: 8_000 });
    const dropped = pool.get({ ...scope, session: 'moved-2' });
    dropped.next(agentSession(3));
    const beforeDrop = saves;
    expect(pool.drop(dropped.scope)).toBe(true);
    expect(pool.drop(dropped.scope)).toBe(false);
    expect(pool.sessions()).toEqual([]);
    await pool.close();
    expect(saves).toBe(beforeDrop);
    expect(pool.get(dropped.scope)).not.toBe(dropped);
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

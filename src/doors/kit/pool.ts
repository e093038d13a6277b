import { createLru } from '../../core/lru/index.js';
import type { Scope } from '../../core/store/index.js';
import { openSession, type DoorSession, type SessionOptions } from './session.js';

/** Sessions a long-lived door keeps open at once; the least recently used one is closed past it. */
export const DEFAULT_POOL_SIZE = 32;

export interface PoolOptions extends Omit<SessionOptions, 'scope'> {
  max?: number;
  /** Told when closing an evicted session failed (the door logs it; nothing is thrown). */
  onError?: (error: unknown, scope: Scope) => void;
}

/** The open sessions of a long-lived door (proxy, MCP server), by scope. */
export interface SessionPool {
  /** The session of a scope, opened on first use (its saved forms and pins are picked up). */
  get(scope: Scope): DoorSession;
  sessions(): DoorSession[];
  /**
   * Forgets a scope's open session without closing it (nothing settled, nothing saved): for a door
   * whose session of that scope now lives elsewhere and saves its own state.
   */
  drop(scope: Scope): boolean;
  /** Settles and closes every session. */
  close(): Promise<void>;
}

const keyOf = (scope: Scope): string => JSON.stringify([scope.project, scope.session]);

export function createSessionPool(options: PoolOptions): SessionPool {
  const { max = DEFAULT_POOL_SIZE, onError, ...sessionOptions } = options;
  const closing = new Set<Promise<void>>();

  const retire = (session: DoorSession) => {
    const done = session
      .closeSoon()
      .catch((error: unknown) => onError?.(error, session.scope))
      .finally(() => closing.delete(done));
    closing.add(done);
  };
  const open = createLru<string, DoorSession>({ maxEntries: max, onEvict: retire });

  return {
    get(scope) {
      const key = keyOf(scope);
      const found = open.get(key);
      if (found) return found;
      const session = openSession({ ...sessionOptions, scope });
      open.set(key, session);
      return session;
    },
    sessions: () => [...open.values()],
    drop: (scope) => open.delete(keyOf(scope)),
    async close() {
      for (const session of open.values()) retire(session);
      open.clear();
      await Promise.all([...closing]);
    },
  };
}

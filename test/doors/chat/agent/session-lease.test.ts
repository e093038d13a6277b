import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../../src/core/store/open.js';
import type { GardenerStore } from '../../../../src/core/store/types.js';
import { claimSession, LEASE_KEY } from '../../../../src/doors/chat/agent/session-lease.js';
import { sandbox } from './support.js';

let box: ReturnType<typeof sandbox> | undefined;
let store: GardenerStore | undefined;
afterEach(() => {
  store?.close();
  box?.cleanup();
  store = undefined;
  box = undefined;
});

const scope = { project: 'test', session: 'chat-1' };

function openBox(): GardenerStore {
  box = sandbox();
  store = openStore({ path: box.dbPath });
  return store;
}

describe('a chat session is held by one process at a time', () => {
  it('refuses a second holder while the first runs, naming it; free again once released', () => {
    const db = openBox();
    const first = claimSession(db, scope);
    const busy = (() => {
      try {
        claimSession(db, scope);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(busy).toMatchObject({ code: 'SESSION_BUSY', exitCode: 2 });
    expect(String(busy)).toContain(`process ${process.pid}`);
    // Another session is not held by it.
    claimSession(db, { ...scope, session: 'chat-2' }).release();
    first.release();
    claimSession(db, scope).release();
  });

  it('takes over the lease of a process that is gone', () => {
    const db = openBox();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const pid = Number(gone.stdout);
    const dead = { pid, host: hostname(), started: Date.now(), token: 'dead' };
    db.sessionStateSet(scope, LEASE_KEY, JSON.stringify(dead));
    const lease = claimSession(db, scope);
    expect(lease.holder.pid).toBe(process.pid);
    lease.release();
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'takes over a lease whose pid now belongs to a process started later (a pid used again)',
    () => {
      const db = openBox();
      const reused = { pid: process.pid, host: hostname(), started: Date.now() - 86_400_000, token: 'old' };
      db.sessionStateSet(scope, LEASE_KEY, JSON.stringify(reused));
      claimSession(db, scope).release();
    },
  );
});

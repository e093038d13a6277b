import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { GardenerError } from '../../../errors.js';
import type { Scope, Store } from '../../../core/store/index.js';

/** The session state key of the lease: which process has the chat session open. */
export const LEASE_KEY = 'chat.lease';
/** A holder whose start time differs from the lease's by more than this is another process with the same pid. */
const START_SLACK_MS = 5_000;

/** Who holds a chat session: a process on a machine, since when. */
export interface LeaseHolder {
  pid: number;
  host: string;
  /** When the holding process started (ms since the epoch). */
  started: number;
  /** This opening of the session (one process may open it, close it and open it again). */
  token: string;
}

/** A chat session held by this process until `release()`. */
export interface Lease {
  readonly holder: LeaseHolder;
  release(): void;
}

/**
 * Takes a chat session for this process, or throws SESSION_BUSY naming the process that has it: two
 * chats writing one session would each save its own copy of the conversation, and the last one
 * saved would drop the other's turns. A lease whose process is gone (killed, crashed) is taken over.
 */
export function claimSession(store: Store, scope: Scope): Lease {
  const mine: LeaseHolder = {
    pid: process.pid,
    host: hostname(),
    started: Math.round(Date.now() - process.uptime() * 1000),
    token: randomBytes(8).toString('hex'),
  };
  let busy: LeaseHolder | undefined;
  store.sessionStateUpdate(scope, LEASE_KEY, (current) => {
    const holder = parseHolder(current);
    if (holder && holderAlive(holder)) {
      busy = holder;
      return undefined;
    }
    return JSON.stringify(mine);
  });
  if (busy) throw sessionBusy(scope, busy);
  return {
    holder: mine,
    release() {
      store.sessionStateUpdate(scope, LEASE_KEY, (current) =>
        parseHolder(current)?.token === mine.token ? '{}' : undefined,
      );
    },
  };
}

function sessionBusy(scope: Scope, holder: LeaseHolder): GardenerError {
  const where =
    holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
  return new GardenerError(
    'SESSION_BUSY',
    `chat session ${scope.session} is open in another gardener chat (${where}); two at once would lose turns`,
    { hint: 'Wait for it to end, or start a new session (without --continue or --resume).' },
  );
}

function parseHolder(raw: string | undefined): LeaseHolder | undefined {
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LeaseHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string' || typeof value.token !== 'string')
      return undefined;
    return { pid: value.pid, host: value.host, started: Number(value.started) || 0, token: value.token };
  } catch {
    return undefined;
  }
}

/**
 * Whether the lease's process still runs: a process of this machine is asked (signal 0), and on Linux
 * its start time must match (a pid used again by another process is not the holder). A process of
 * another machine cannot be asked: it counts as running.
 */
function holderAlive(holder: LeaseHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStart(holder.pid);
  return started === undefined || Math.abs(started - holder.started) <= START_SLACK_MS;
}

/** When a process started (ms since the epoch), from /proc on Linux; undefined elsewhere. */
function processStart(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (which may hold spaces and parentheses) start at its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const boot = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1];
    if (!Number.isFinite(ticks) || boot === undefined) return undefined;
    // USER_HZ is 100 on every Linux architecture Node runs on.
    return Number(boot) * 1000 + ticks * 10;
  } catch {
    return undefined;
  }
}

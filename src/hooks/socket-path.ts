import { createHash } from 'node:crypto';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Hex characters of the store path's hash in a socket name: servers of one store share the prefix. */
const STORE_HASH_CHARS = 12;

/** The private folder of hook sockets: $XDG_RUNTIME_DIR, else the temp folder, one per user. */
export function socketDir(env: Record<string, string | undefined>): string {
  const base = env['XDG_RUNTIME_DIR'] || tmpdir();
  let user: string;
  try {
    user = String(userInfo().uid);
  } catch {
    user = env['USER'] ?? 'user';
  }
  return join(base, `gardener-${user}`);
}

/** Socket names of the hook servers of one store start with this. */
export function socketPrefix(dbPath: string): string {
  return `${createHash('sha1').update(dbPath).digest('hex').slice(0, STORE_HASH_CHARS)}-`;
}

/** The socket of the hook server of process `pid` on a store. */
export function socketPath(env: Record<string, string | undefined>, dbPath: string, pid: number): string {
  return join(socketDir(env), `${socketPrefix(dbPath)}${pid}.sock`);
}

import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync } from 'node:fs';
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

/**
 * Whether the socket folder is ours alone (a real folder, owned by this user, no access for others):
 * hook inputs hold tool outputs, so neither a server nor a hook uses a folder someone else could read
 * or plant sockets in.
 */
export function isPrivateDir(dir: string): boolean {
  try {
    const stat = lstatSync(dir);
    const uid = process.getuid?.();
    return stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Creates the socket folder (mode 0700) if needed; false when it exists but is not private. */
export function ensurePrivateDir(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return isPrivateDir(dir);
}

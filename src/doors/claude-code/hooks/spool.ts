import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redactSecrets } from '../../../core/store/constants.js';
import type { HookMessage } from './protocol.js';
import { ensurePrivateDir, isPrivateDir, socketDir, socketPrefix } from './socket-path.js';

/**
 * Tool results a hook could not hand to a server wait here (one JSON file each, in the private
 * socket folder) instead of making the hook load the engine: the next gardener that has the engine
 * loaded (a hook server, or a hook that must answer, like user-prompt-submit) stores them first.
 */
export function spoolDir(env: Record<string, string | undefined>, dbPath: string): string | undefined {
  const dir = socketDir(env);
  return isPrivateDir(dir) ? join(dir, `${socketPrefix(dbPath)}spool`) : undefined;
}

/** Whether any hook result waits in the spool of this store (cheap: one directory read). */
export function hasSpooled(env: Record<string, string | undefined>, dbPath: string): boolean {
  const dir = spoolDir(env, dbPath);
  if (dir === undefined) return false;
  try {
    return readdirSync(dir).some((name) => name.endsWith('.json'));
  } catch {
    return false;
  }
}

/** The spool folder, created (inside a private socket folder) when missing. */
function ensureSpoolDir(env: Record<string, string | undefined>, dbPath: string): string | undefined {
  try {
    if (!ensurePrivateDir(socketDir(env))) return undefined;
  } catch {
    return undefined;
  }
  return spoolDir(env, dbPath);
}

/**
 * Writes one message (whole file or nothing), its secrets redacted first: nothing waits on disk in
 * clear. False when there is no private folder for it or the input is not JSON.
 */
export function spool(env: Record<string, string | undefined>, message: HookMessage): boolean {
  const dir = ensureSpoolDir(env, message.db);
  if (dir === undefined) return false;
  try {
    message = { ...message, input: JSON.stringify(redactStrings(JSON.parse(message.input))) };
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const name = `${Date.now().toString().padStart(15, '0')}-${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(join(dir, `${name}.tmp`), JSON.stringify(message), { mode: 0o600 });
    renameSync(join(dir, `${name}.tmp`), join(dir, `${name}.json`));
    return true;
  } catch {
    return false;
  }
}

/**
 * Hands every spooled message to `handle`, oldest first, removing each once handled. A message
 * `handle` throws on stays for the next drain (e.g. the store was busy), and the drain stops there
 * so order is kept; `onBad` is told of files that are not messages (they are removed).
 */
export function drainSpool(
  env: Record<string, string | undefined>,
  dbPath: string,
  handle: (message: HookMessage) => void,
  onBad: (file: string, error: unknown) => void = () => undefined,
): number {
  const dir = spoolDir(env, dbPath);
  if (dir === undefined) return 0;
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    return 0;
  }
  let handled = 0;
  for (const name of names) {
    const file = join(dir, name);
    let message: HookMessage;
    try {
      message = JSON.parse(readFileSync(file, 'utf8')) as HookMessage;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another drain took it
      onBad(file, error);
      rmSync(file, { force: true });
      continue;
    }
    handle(message);
    rmSync(file, { force: true });
    handled++;
  }
  return handled;
}

/** Every string of a parsed hook input with well-known secret shapes redacted. */
function redactStrings(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value).text;
  if (Array.isArray(value)) return value.map(redactStrings);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item)]));
  return value;
}

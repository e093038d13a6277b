import type { Command } from 'commander';
import { GardenerError } from '../errors.js';
import type { GardenerStore, Scope } from '../store/types.js';
import type { CliIo } from './io.js';

/** Session name used by commands run by hand, when neither --session nor $GARDENER_SESSION says. */
export const CLI_SESSION = 'cli';

export interface StoreFlags {
  db?: string;
  project?: string;
  session?: string;
}

/** Adds `--db`, `--project` and `--session`, shared by every command that opens the store. */
export function addStoreOptions(command: Command): Command {
  return command
    .option(
      '--db <file>',
      'database file (default: $GARDENER_HOME/gardener.db, else ~/.local/share/gardener/gardener.db)',
    )
    .option(
      '--project <name>',
      'project name (default: the repository root of the working directory, or the directory itself)',
    )
    .option('--session <name>', `session name (default: $GARDENER_SESSION, else "${CLI_SESSION}")`);
}

export interface StoreTarget {
  path: string;
  scope: Scope;
}

/** Where the store is and which scope a command acts in, from flags, environment and cwd. */
export async function storeTarget(io: CliIo, flags: StoreFlags): Promise<StoreTarget> {
  const { resolveDatabasePath, resolveProject } = await import('../store/paths.js');
  const path = resolveDatabasePath({
    ...(flags.db !== undefined ? { db: flags.db } : {}),
    env: io.env,
    cwd: io.cwd,
  });
  const project = resolveProject({
    ...(flags.project !== undefined ? { project: flags.project } : {}),
    cwd: io.cwd,
  });
  const session = flags.session?.trim() || io.env['GARDENER_SESSION']?.trim() || CLI_SESSION;
  return { path, scope: { project, session } };
}

/** Opens the store for one command, runs `use`, and always closes it. */
export async function withStore<T>(
  io: CliIo,
  flags: StoreFlags,
  use: (store: GardenerStore, target: StoreTarget) => T | Promise<T>,
  options: { redact?: boolean } = {},
): Promise<T> {
  const target = await storeTarget(io, flags);
  const { openStore } = await import('../store/open.js');
  const store = openStore({
    path: target.path,
    env: io.env,
    ...(options.redact === false ? { redact: false } : {}),
  });
  try {
    return await use(store, target);
  } finally {
    store.close();
  }
}

/** Parses a whole number flag in [min, max], or throws a USAGE error naming the flag. */
export function intFlag(value: string, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new GardenerError('USAGE', `${flag} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return n;
}

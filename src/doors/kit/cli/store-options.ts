import type { Command } from 'commander';
import { GardenerError } from '../../../errors.js';
import { CLI_SESSION, type StoreTarget } from '../scope.js';
import type { GardenerStore } from '../../../core/store/index.js';
import type { CliIo } from './io.js';

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

/** Where the store is and which scope a command acts in, from flags, environment and cwd. */
export async function storeTarget(io: CliIo, flags: StoreFlags): Promise<StoreTarget> {
  const { resolveTarget } = await import('../scope.js');
  return resolveTarget({
    ...(flags.db !== undefined ? { db: flags.db } : {}),
    ...(flags.project !== undefined ? { project: flags.project } : {}),
    ...(flags.session !== undefined ? { session: flags.session } : {}),
    env: io.env,
    cwd: io.cwd,
  });
}

/** For commands that only read: a database that may not be written is opened read-only. */
export const READ_ONLY_WILL_DO = { readonlyFallback: true } as const;

/** Opens the store for one command, runs `use`, and always closes it. */
export async function withStore<T>(
  io: CliIo,
  flags: StoreFlags,
  use: (store: GardenerStore, target: StoreTarget) => T | Promise<T>,
  options: { redact?: boolean; readonlyFallback?: boolean } = {},
): Promise<T> {
  const target = await storeTarget(io, flags);
  const { withStore: withDoorStore } = await import('../store.js');
  const { storeSpooledFirst } = await import('../spooled.js');
  return withDoorStore(
    target,
    async (store) => {
      // What hooks spooled while no gardener served them is stored first, so every command sees it.
      await storeSpooledFirst(store, io.env);
      return use(store, target);
    },
    options,
  );
}

/** Parses a whole number flag in [min, max], or throws a USAGE error naming the flag. */
export function intFlag(value: string, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new GardenerError('USAGE', `${flag} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return n;
}

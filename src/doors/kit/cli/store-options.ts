import type { Command } from 'commander';
import type { StoreTarget } from '../scope.js';
import type { GardenerStore } from '../../../core/store/index.js';
import type { CliIo } from './io.js';
import { addSharedOptions, type OptionUse } from './options.js';

export interface StoreFlags {
  db?: string;
  project?: string;
  session?: string;
}

/**
 * Adds `--db`, `--project` and `--session` (from the shared option table), taken by every command
 * that opens the store; `uses` rewords one for a command (the chat's session, say).
 */
export function addStoreOptions(
  command: Command,
  uses: { project?: OptionUse; session?: OptionUse } = {},
): Command {
  return addSharedOptions(command, {
    db: true,
    project: uses.project ?? true,
    session: uses.session ?? true,
  });
}

/** Where the store is and which scope a command acts in, from flags, environment and cwd. */
export async function storeTarget(io: CliIo, flags: StoreFlags): Promise<StoreTarget> {
  const { resolveTarget } = await import('./store-run.js');
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
  options: { redact?: boolean; readonlyFallback?: boolean; cacheKiB?: number } = {},
): Promise<T> {
  const target = await storeTarget(io, flags);
  const { withStore: withDoorStore, storeSpooledFirst } = await import('./store-run.js');
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

import type { GardenerStore } from '../../core/store/index.js';

/**
 * Every reader of the store sees what Claude Code's hooks spooled while no gardener served them.
 * The spool belongs to the claude-code door; the CLI registers that door's drainer here, and the
 * kit runs it before a command or a chat reads the store.
 */
export type SpoolDrainer = (store: GardenerStore, env: Record<string, string | undefined>) => Promise<void>;

let drainer: SpoolDrainer | undefined;

export function setSpoolDrainer(drain: SpoolDrainer | undefined): void {
  drainer = drain;
}

/** Stores what hooks spooled into this store, when a drainer is registered; never throws. */
export async function storeSpooledFirst(
  store: GardenerStore,
  env: Record<string, string | undefined>,
): Promise<void> {
  await drainer?.(store, env);
}

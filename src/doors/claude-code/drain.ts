import type { GardenerStore } from '../../core/store/index.js';

/**
 * Stores the tool results hooks spooled into this store (hooks/run.ts storeSpooled), for any door
 * that reads it. Light to import: the hook path loads only when something is spooled.
 */
export async function drainHookSpool(
  store: GardenerStore,
  env: Record<string, string | undefined>,
): Promise<void> {
  const { hasSpooled } = await import('./hooks/spool.js');
  if (!hasSpooled(env, store.path)) return;
  (await import('./hooks/run.js')).storeSpooled(store, env);
}

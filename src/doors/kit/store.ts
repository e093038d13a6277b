import { openStore } from '../../core/store/index.js';
import type { GardenerStore } from '../../core/store/index.js';
import type { StoreTarget } from './scope.js';

/**
 * A long-lived server waits at most this long for another process's write lock inside a statement
 * (it blocks the event loop meanwhile); past it, the write fails and the door retries asynchronously.
 */
export const SERVER_BUSY_TIMEOUT_MS = 25;

export interface DoorStoreOptions {
  /** Redact well-known secret shapes before storing (default true). */
  redact?: boolean;
  readonly?: boolean;
  /** Read-only when the file may not be written (a door that only reads). */
  readonlyFallback?: boolean;
  /** A long-lived server (proxy, MCP): short lock waits, no blocking retries. */
  server?: boolean;
  /** SQLite's page cache in KiB (default: the driver's); see OpenStoreOptions. */
  cacheKiB?: number;
}

/** Opens the store a door resolved (creating it on first use unless read-only). */
export function openDoorStore(
  target: Pick<StoreTarget, 'path'>,
  options: DoorStoreOptions = {},
): GardenerStore {
  return openStore({
    path: target.path,
    ...(options.redact === false ? { redact: false } : {}),
    ...(options.readonly ? { readonly: true } : {}),
    ...(options.readonlyFallback ? { readonlyFallback: true } : {}),
    ...(options.server ? { busyTimeoutMs: SERVER_BUSY_TIMEOUT_MS, retryBusy: false } : {}),
    ...(options.cacheKiB !== undefined ? { cacheKiB: options.cacheKiB } : {}),
  });
}

/** Opens the store for one job, runs `use`, and always closes it. */
export async function withStore<T>(
  target: Pick<StoreTarget, 'path'>,
  use: (store: GardenerStore) => T | Promise<T>,
  options: DoorStoreOptions = {},
): Promise<T> {
  const store = openDoorStore(target, options);
  try {
    return await use(store);
  } finally {
    store.close();
  }
}

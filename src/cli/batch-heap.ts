import { setFlagsFromString } from 'node:v8';

/**
 * The young generation of a `compress` process stays at V8's first size (1 MiB a semi-space)
 * instead of doubling up to 16 MiB a semi-space: the command settles a whole transcript in one
 * synchronous batch, and with the default growth its young generation ends up at ~32 MiB (RSS it
 * keeps to the end) for garbage that dies in the next scavenge anyway. More scavenges, each small:
 * some CPU for about a quarter of the peak RSS (docs/BENCH.md § Provenance).
 * `--max-semi-space-size` would do it from the start, but V8 reads it only as the heap is set up;
 * the growth factor is read at each scavenge, so setting it before the input is read is enough.
 */
const BATCH_HEAP_FLAGS = '--semi-space-growth-factor=1';

/** Sizes this process's heap for a one-shot batch command. Process-wide: only the process entry calls it. */
export function sizeHeapForBatch(): void {
  setFlagsFromString(BATCH_HEAP_FLAGS);
}

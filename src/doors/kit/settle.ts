import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Garden } from '../../core/garden/index.js';
import type { SettleResult } from '../../core/garden/constants.js';
import { isBusyError } from '../../core/store/index.js';

/** One slice of settling holds the event loop at most about this long (plus one block's work). */
export const SETTLE_SLICE_MS = 8;
/** While a request waits, settling looks again this often whether it may go on… */
const HOLD_POLL_MS = 1;
/** …and holds at most this long at a time (a request that is never told done cannot stop it for good). */
const HOLD_MAX_MS = 2_000;
/** Busy store (another process writing): retry after this pause, doubling, this many times. */
const BUSY_PAUSE_MS = 20;
const BUSY_ATTEMPTS = 8;

/** What a settle in the background did; it never rejects: an error is reported here. */
export interface SettleReport extends SettleResult {
  slices: number;
  /** Set when settling stopped on an error (the blocks left stay pending and are retried later). */
  error?: unknown;
}

/**
 * Stores a garden's pending blocks off the request path: in slices of SETTLE_SLICE_MS, yielding to the
 * event loop between them, so a server keeps answering; a busy store is retried after an async pause,
 * never a blocking one. While `yieldTo` says a request is waiting or in flight, a slice stops after
 * its block and the next one waits (up to HOLD_MAX_MS) until the request is through.
 */
export async function settleInSlices(
  garden: Garden,
  sliceMs = SETTLE_SLICE_MS,
  yieldTo?: () => boolean,
): Promise<SettleReport> {
  const report: SettleReport = { ingested: 0, byClass: {}, pending: 0, slices: 0 };
  let busy = 0;
  for (;;) {
    if (yieldTo) await hold(yieldTo);
    let slice: SettleResult;
    try {
      slice = garden.settle({ deadline: performance.now() + sliceMs, ...(yieldTo ? { yieldTo } : {}) });
    } catch (error) {
      if (isBusyError(error) && busy < BUSY_ATTEMPTS) {
        await sleep(BUSY_PAUSE_MS * 2 ** busy++);
        continue;
      }
      return { ...report, pending: pendingBlocks(garden), error };
    }
    report.slices++;
    report.ingested += slice.ingested;
    report.pending = slice.pending;
    for (const [cls, row] of Object.entries(slice.byClass)) {
      const into = (report.byClass[cls] ??= { blocks: 0, tokens: 0 });
      into.blocks += row.blocks;
      into.tokens += row.tokens;
    }
    if (slice.pending === 0) return report;
    await nextTurn();
  }
}

/** Waits while `yieldTo` says so, HOLD_MAX_MS at most. */
async function hold(yieldTo: () => boolean): Promise<void> {
  const until = performance.now() + HOLD_MAX_MS;
  while (yieldTo() && performance.now() < until) await sleep(HOLD_POLL_MS);
}

/** Blocks still waiting to be stored, read from the pressure report (the error path only). */
function pendingBlocks(garden: Garden): number {
  try {
    return garden.pressure({ settle: false }).by_class['pending']?.count ?? 0;
  } catch {
    return 0;
  }
}

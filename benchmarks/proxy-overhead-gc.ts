// Garbage collection on the proxy's thread, for benchmarks/proxy-overhead.ts: how much of each
// request's time before the upstream had its body the thread spent collecting.
import { PerformanceObserver, constants, performance, type PerformanceEntry } from 'node:perf_hooks';

/** One pause, on the epoch clock (ms) the records' `at` uses. */
interface Pause {
  from: number;
  to: number;
  /** NODE_PERFORMANCE_GC_MAJOR (mark-compact), _MINOR (scavenge), _INCREMENTAL or _WEAKCB. */
  kind: number;
}

export interface GcWatch {
  /** Milliseconds of collection inside [from, to] (epoch ms). */
  within(from: number, to: number): number;
  /** Full (mark-compact) and young (scavenge) collections so far, and their pauses together, ms (full: with their incremental steps). */
  counts(): { full: number; young: number; fullMs: number; youngMs: number };
  stop(): void;
}

/** Watches this thread's collections from now on. */
export function watchGc(): GcWatch {
  const pauses: Pause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const from = performance.timeOrigin + entry.startTime;
      const { kind } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
      pauses.push({ from, to: from + entry.duration, kind });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    within(from, to) {
      let total = 0;
      for (const pause of pauses) total += Math.max(0, Math.min(to, pause.to) - Math.max(from, pause.from));
      return total;
    },
    counts() {
      const { NODE_PERFORMANCE_GC_MAJOR: MAJOR, NODE_PERFORMANCE_GC_MINOR: MINOR } = constants;
      const { NODE_PERFORMANCE_GC_INCREMENTAL: STEP } = constants;
      const of = (...kinds: number[]) => pauses.filter((pause) => kinds.includes(pause.kind));
      const ms = (some: Pause[]) => some.reduce((sum, pause) => sum + pause.to - pause.from, 0);
      return {
        full: of(MAJOR).length,
        young: of(MINOR).length,
        fullMs: ms(of(MAJOR, STEP)),
        youngMs: ms(of(MINOR)),
      };
    },
    stop: () => observer.disconnect(),
  };
}

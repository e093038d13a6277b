// Garbage collection on the proxy's thread, for benchmarks/proxy-overhead.ts: how much of each
// request's time before the upstream had its body the thread spent collecting.
import { PerformanceObserver, performance } from 'node:perf_hooks';

/** One pause, on the epoch clock (ms) the records' `at` uses. */
interface Pause {
  from: number;
  to: number;
}

export interface GcWatch {
  /** Milliseconds of collection inside [from, to] (epoch ms). */
  within(from: number, to: number): number;
  stop(): void;
}

/** Watches this thread's collections from now on. */
export function watchGc(): GcWatch {
  const pauses: Pause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const from = performance.timeOrigin + entry.startTime;
      pauses.push({ from, to: from + entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    within(from, to) {
      let total = 0;
      for (const pause of pauses) total += Math.max(0, Math.min(to, pause.to) - Math.max(from, pause.from));
      return total;
    },
    stop: () => observer.disconnect(),
  };
}

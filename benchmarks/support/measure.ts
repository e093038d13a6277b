/** CPU milliseconds (user + system) of `fn`: robust to other processes sharing the machine. */
export function cpu(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
}

/** The p-th percentile (0–100) of `values`, nearest rank; 0 when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

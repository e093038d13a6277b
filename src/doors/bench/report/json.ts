import type { BenchReport } from '../run.js';

/** The report as JSON for machines (every figure, per session and aggregated, with per-call series). */
export function renderJson(report: BenchReport): string {
  return `${JSON.stringify({ version: 1, ...report }, null, 2)}\n`;
}

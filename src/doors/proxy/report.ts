import { change, compact, count, integer } from '../../core/format/index.js';
import type { RequestRecord } from './records.js';
import { tallyTotals, type ProxyTally } from './tally.js';

/** One JSON line per request (`--log json`, or when stdout is not a terminal). Never carries keys or bodies. */
export function logLine(record: RequestRecord): string {
  return JSON.stringify({
    at: new Date(record.at).toISOString(),
    kind: record.kind,
    path: record.path,
    status: record.status,
    ms: Math.round(record.ms),
    ...(record.session ? { session: record.session } : {}),
    ...(record.project ? { project: record.project } : {}),
    gardened: record.gardened,
    ...(record.gardenMs !== undefined ? { garden_ms: round(record.gardenMs) } : {}),
    ...(record.gardenCpuMs !== undefined ? { garden_cpu_ms: round(record.gardenCpuMs) } : {}),
    ...(record.rawTokens !== undefined
      ? { tokens_raw: record.rawTokens, tokens_sent: record.sentTokens }
      : {}),
    ...(record.usage ? { usage: record.usage } : {}),
    ...(record.event ? { event: record.event } : {}),
    ...(record.overBudget ? { over_budget: true } : {}),
    ...(record.costGuard ? { cost_guard: record.costGuard } : {}),
    ...(record.failOpen ? { fail_open: record.failOpen } : {}),
    ...(record.aborted ? { aborted: true } : {}),
  });
}

/** Change as ` (−37%)`, or nothing when there is no base. */
function saved(before: number, after: number): string {
  return before > 0 ? ` (${change(before, after)})` : '';
}

/** What gardener did, for `gardener run`'s closing line and the proxy's exit. */
export function summaryLines(tally: ProxyTally): string[] {
  const totals = tallyTotals(tally);
  const lines = [
    `gardener: ${count(tally.requests, 'request')} (${integer(tally.gardened)} gardened${tally.passedThrough ? `, ${integer(tally.passedThrough)} passed through unchanged` : ''}), ${count(Object.keys(tally.sessions).length, 'session')}, ${count(totals.events, 'compaction event')}`,
    `  input tokens: ${compact(totals.tokensRaw)} raw → ${compact(totals.tokensSent)} sent${saved(totals.tokensRaw, totals.tokensSent)}, summed over requests`,
  ];
  if (totals.dollarsRaw > 0)
    lines.push(
      `  input cost (cache-aware estimate): $${totals.dollarsSent.toFixed(2)} vs $${totals.dollarsRaw.toFixed(2)} raw${saved(totals.dollarsRaw, totals.dollarsSent)}`,
    );
  else if (totals.costRaw > 0)
    lines.push(
      `  input cost (cache-aware estimate): ${compact(totals.costSent)} vs ${compact(totals.costRaw)} token-units raw${saved(totals.costRaw, totals.costSent)}`,
    );
  if (totals.failed > 0)
    lines.push(
      `  ${count(totals.failed, 'failed request')} (an error, or no answer) kept out of these figures`,
    );
  return lines;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

import type { PrefixFailure } from '../prefix-check.js';
import type { BenchReport } from '../run.js';
import type { StrategyName } from '../types.js';
import { count, integer } from '../../../core/format/index.js';

/** The strategies whose every failing session is listed: gardener's bar is 0 (docs/BENCH.md). */
const LISTED: readonly StrategyName[] = ['gardener'];

/** What the run line says of the model and its thinking, or '' when no model was given. */
export function modelNote(report: BenchReport): string {
  if (report.model === null) return '';
  const parts = [
    report.thinkingCounted ? "earlier turns' thinking counted" : 'thinking not counted',
    report.prefixCheck ? 'prefix check on' : 'no prefix check',
  ];
  if (report.synthThinking !== null)
    parts.push(`${integer(report.synthThinking)}-token thinking made up per reply where a session has none`);
  if (report.gardenerPrefixCheck === 'off') parts.push('gardener with --prefix-check off');
  return ` · model ${report.model} (${parts.join(', ')})`;
}

/** One failure in words: where the failing block is and what changed before it. */
function failureText(failure: PrefixFailure): string {
  const change = failure.changedAt !== undefined ? `, first change at ${failure.changedAt}` : '';
  return `call ${failure.call}: ${failure.path} fails (${failure.reason}${change})`;
}

/**
 * The prefix check in lines, when it ran, over every session (short ones too): per strategy, the
 * requests that would fail and the thinking its last requests leave out; then each failing session
 * of gardener's with its first failing call, the engine's bug to fix.
 */
export function prefixLines(report: BenchReport): string[] {
  if (!report.prefixCheck) return [];
  const lines: string[] = [];
  for (const strategy of report.strategies) {
    const failing = report.sessions.filter((s) => s.prefixFailures.some((f) => f.strategy === strategy));
    const calls = failing.reduce(
      (sum, s) => sum + (s.prefixFailures.find((f) => f.strategy === strategy)?.calls.length ?? 0),
      0,
    );
    lines.push(
      `${strategy}: ${count(calls, 'request')} would fail in ${count(failing.length, 'session')} of ${report.sessions.length}` +
        leftOutText(report, strategy),
    );
    if (!LISTED.includes(strategy)) continue;
    for (const session of failing) {
      const found = session.prefixFailures.find((f) => f.strategy === strategy);
      if (found)
        lines.push(`  ${session.label}: ${count(found.calls.length, 'call')}; ${failureText(found.first)}`);
    }
  }
  return lines;
}

/** The thinking a strategy's last requests leave out over every session, and the engine's repairs. */
function leftOutText(report: BenchReport, strategy: StrategyName): string {
  let leftOut = 0;
  let repaired: number | null = null;
  for (const session of report.sessions) {
    const figures = session.strategies.find((f) => f.strategy === strategy);
    leftOut += figures?.thinkingLeftOut ?? 0;
    const caughtHere = figures?.thinkingRepaired ?? null;
    if (caughtHere !== null) repaired = (repaired ?? 0) + caughtHere;
  }
  const caught =
    repaired === null ? '' : `, ${integer(repaired)} caught by the engine's check before sending`;
  return `; ${count(leftOut, 'thinking block')} left out at the last calls${caught}`;
}

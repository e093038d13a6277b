import { modelOf, type PromptCacheOptions } from '../../core/cache/index.js';
import type { PrefixCheckSetting } from '../../core/garden/constants.js';
import { defaultTokenizer, type Tokenizer } from '../../core/tokens/index.js';
import { createCostMeter, type CallFigures } from './cost.js';
import { createFidelity } from './fidelity.js';
import {
  figuresOf,
  MIN_AGGREGATED_CALLS,
  withCostRatios,
  type StrategyFigures,
  type StrategyTally,
} from './figures.js';
import { createMeter, type Meter } from './measure.js';
import { addToFold, foldReports, type FoldReport, type FoldTallies } from './folds.js';
import { findNeedles, type Needle } from './needles.js';
import { createPrefixCheck, type PrefixFailure } from './prefix-check.js';
import { loadStrategy } from './strategies/registry.js';
import { onModel, thinkingReplay, type ThinkingReplay } from './thinking.js';
import type { BenchSession, Strategy, StrategyName } from './types.js';

/** What a session source hands the run: a session, or a file it could not read and why. */
export type SourceItem =
  { type: 'session'; session: BenchSession } | { type: 'skip'; source: string; reason: string };

export interface BenchOptions {
  strategies: readonly StrategyName[];
  /** Context window in tokens. */
  window: number;
  maskKeep: number;
  budget?: number;
  tokenizer?: Tokenizer;
  /** Options of the simulated prompt cache (tests of tiny fixtures lower its minimum length). */
  cache?: PromptCacheOptions;
  /**
   * Replay every session on this model (docs/BENCH.md § Preserved thinking): its prices, its
   * thinking counted when it keeps it, each request checked when it binds it. Default: each
   * session's own (`extra.model`), thinking neither counted nor checked.
   */
  model?: string;
  /** With `model`: tokens of the thinking block made up per reply of a session without thinking. */
  synthThinking?: number;
  /** gardener's handling of the prefix check (`off`: as for an old account); the bench checks either way. */
  prefixCheck?: PrefixCheckSetting;
}

/** A strategy's calls that would fail the prefix check in one session, and the first of them. */
export interface SessionPrefixFailures {
  strategy: StrategyName;
  calls: number[];
  first: PrefixFailure;
}

/** One session's figures, per strategy, with the context size of every call. */
export interface SessionReport {
  label: string;
  id: string;
  format: string;
  source?: string;
  /** Its fold (folds.ts), when the run groups sessions into folds. */
  fold?: string;
  calls: number;
  /** Counted in the totals (docs/BENCH.md: at least 10 calls). */
  aggregated: boolean;
  needles: number;
  strategies: StrategyFigures[];
  /** Context tokens per call, by strategy. */
  series: Partial<Record<StrategyName, number[]>>;
  /** The strategies whose requests would fail the prefix check here (none: an empty list). */
  prefixFailures: SessionPrefixFailures[];
}

export interface BenchReport {
  window: number;
  maskKeep: number;
  budget: number | null;
  strategies: StrategyName[];
  tokenizer: string;
  /** The model every session was replayed on (`--model`); null: each session's own. */
  model: string | null;
  /** Earlier turns' thinking counted in context and cost (the model keeps it). */
  thinkingCounted: boolean;
  /** Every request checked against the API's prefix check (the model binds thinking). */
  prefixCheck: boolean;
  /** Tokens of the thinking made up per reply in sessions without thinking; null: none made up. */
  synthThinking: number | null;
  /** gardener's own handling of the check (`--prefix-check`): `auto` unless turned off. */
  gardenerPrefixCheck: PrefixCheckSetting;
  sessions: SessionReport[];
  skipped: Array<{ source: string; reason: string }>;
  /** Aggregated over sessions with at least MIN_AGGREGATED_CALLS calls. */
  totals: StrategyFigures[];
  aggregatedSessions: number;
  /** Leave-one-source-out folds (docs/BENCH.md): each source's own figures; empty when not grouped. */
  folds: FoldReport[];
  elapsedMs: number;
}

export type BenchEvent =
  | { type: 'skip'; source: string; reason: string }
  | { type: 'start'; sessions: number; strategies: StrategyName[] }
  | { type: 'session-start'; index: number; total: number; label: string; calls: number }
  | {
      type: 'progress';
      index: number;
      total: number;
      label: string;
      strategy: StrategyName;
      call: number;
      calls: number;
    }
  | { type: 'session-done'; index: number; total: number; session: SessionReport }
  | { type: 'done'; report: BenchReport };

/** Progress events are yielded at most this often within a strategy's replay (calls). */
const PROGRESS_EVERY = 8;

/**
 * Replays every session under every strategy (docs/BENCH.md) and yields typed progress events; the last
 * event carries the report. Sessions a strategy fails on are skipped with the reason (no partial
 * figures), and the run goes on. `raw` always runs: it is the baseline of every ratio.
 */
export async function* runBench(
  source: AsyncIterable<SourceItem> | Iterable<SourceItem>,
  options: BenchOptions,
): AsyncGenerator<BenchEvent, BenchReport> {
  const started = performance.now();
  const names: StrategyName[] = options.strategies.includes('raw')
    ? [...options.strategies]
    : ['raw', ...options.strategies];
  const strategies: Strategy[] = [];
  for (const name of names) strategies.push(await loadStrategy(name));
  const thinking =
    options.model !== undefined ? thinkingReplay(options.model, options.synthThinking) : undefined;
  const meter = createMeter(options.tokenizer ?? defaultTokenizer(), {
    thinking: thinking?.counted ?? false,
  });

  const sessions: BenchSession[] = [];
  const skipped: BenchReport['skipped'] = [];
  for await (const item of source) {
    if (item.type === 'session') sessions.push(thinking ? onModel(item.session, thinking) : item.session);
    else {
      skipped.push({ source: item.source, reason: item.reason });
      yield item;
    }
  }
  yield { type: 'start', sessions: sessions.length, strategies: names };

  try {
    return yield* replayAll(
      sessions,
      { strategies, names, skipped, meter, started },
      { ...options, thinking },
    );
  } finally {
    for (const strategy of strategies) strategy.close?.();
  }
}

/** A bench run's strategies (their names, `raw` first), the skips so far, its meter and start time. */
interface BenchRun {
  strategies: readonly Strategy[];
  names: StrategyName[];
  skipped: BenchReport['skipped'];
  meter: Meter;
  started: number;
}

/** The run's options with the thinking replay resolved. */
type RunOptions = BenchOptions & { thinking: ThinkingReplay | undefined };

async function* replayAll(
  sessions: readonly BenchSession[],
  run: BenchRun,
  options: RunOptions,
): AsyncGenerator<BenchEvent, BenchReport> {
  const { strategies, names, skipped, meter, started } = run;
  const reports: SessionReport[] = [];
  const tallies = new Map<StrategyName, StrategyTally[]>(names.map((n) => [n, []]));
  const folds = new Map<string, FoldTallies>();
  for (const [index, session] of sessions.entries()) {
    const total = sessions.length;
    yield { type: 'session-start', index, total, label: session.label, calls: session.calls.length };
    const sessionTallies: StrategyTally[] = [];
    let needles: Needle[] = [];
    try {
      needles = findNeedles(session.transcript, { isToolResult: session.isToolResult });
      for (const strategy of strategies) {
        const replay = replaySession(session, strategy, options, meter, needles);
        let step = await replay.next();
        while (!step.done) {
          yield {
            type: 'progress',
            index,
            total,
            label: session.label,
            strategy: strategy.name,
            call: step.value,
            calls: session.calls.length,
          };
          step = await replay.next();
        }
        sessionTallies.push(step.value);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      skipped.push({ source: session.label, reason });
      yield { type: 'skip', source: session.label, reason };
      continue;
    }
    const report = sessionReport(session, sessionTallies, needles.length, options.window);
    if (report.aggregated) for (const tally of sessionTallies) tallies.get(tally.strategy)?.push(tally);
    if (session.fold !== undefined) addToFold(folds, session.fold, sessionTallies, report.aggregated);
    reports.push(report);
    yield { type: 'session-done', index, total, session: report };
  }

  const report: BenchReport = {
    window: options.window,
    maskKeep: options.maskKeep,
    budget: options.budget ?? null,
    strategies: names,
    tokenizer: meter.tokenizer.name,
    model: options.thinking?.model ?? null,
    thinkingCounted: meter.thinking,
    prefixCheck: options.thinking?.checked ?? false,
    synthThinking: options.thinking?.synthTokens ?? null,
    gardenerPrefixCheck: options.prefixCheck ?? 'auto',
    sessions: reports,
    skipped,
    totals: withCostRatios(names.map((name) => figuresOf(name, tallies.get(name) ?? [], options.window))),
    aggregatedSessions: reports.filter((r) => r.aggregated).length,
    folds: foldReports(folds, names, options.window),
    elapsedMs: Math.round(performance.now() - started),
  };
  yield { type: 'done', report };
  return report;
}

/** Replays one session under one strategy; yields the call index now and then, returns the tally. */
async function* replaySession(
  session: BenchSession,
  strategy: Strategy,
  options: RunOptions,
  meter: Meter,
  needles: readonly Needle[],
): AsyncGenerator<number, StrategyTally> {
  const run = await strategy.start(session, {
    window: options.window,
    maskKeep: options.maskKeep,
    ...(options.budget !== undefined ? { budget: options.budget } : {}),
    ...(options.prefixCheck !== undefined ? { prefixCheck: options.prefixCheck } : {}),
    meter,
  });
  try {
    // gardener and the oracle hand back the breakpoints the proxy door would send (RenderedCall.marks).
    const model = modelOf({ ...session.transcript.extra, messages: [] });
    const costs = createCostMeter(meter, { model, ...(options.cache ? { cache: options.cache } : {}) });
    const fidelity = createFidelity(needles);
    const prefix = options.thinking?.checked ? createPrefixCheck() : undefined;
    const calls: CallFigures[] = [];
    for (const call of session.calls) {
      if (call.index % PROGRESS_EVERY === 0) yield call.index;
      const rendered = await run.context(call.index);
      const reply = session.transcript.messages[call.messageIndex];
      calls.push(costs.next(rendered, reply));
      fidelity.check(call.index, rendered.request, run);
      prefix?.next(call.index, rendered.sent ?? rendered.request, reply);
    }
    const tally: StrategyTally = { strategy: strategy.name, calls, fidelity: fidelity.result() };
    if (prefix) {
      const lastCall = session.calls.at(-1);
      tally.prefix = prefix.tally(session.transcript.messages.slice(0, lastCall?.messageIndex ?? 0));
      if (run.thinkingRepaired) tally.prefix.repaired = run.thinkingRepaired();
    }
    return tally;
  } finally {
    run.close();
  }
}

function sessionReport(
  session: BenchSession,
  tallies: readonly StrategyTally[],
  needles: number,
  window: number,
): SessionReport {
  const { transcript } = session;
  const report: SessionReport = {
    label: session.label,
    id: transcript.id,
    format: transcript.format,
    calls: session.calls.length,
    aggregated: session.calls.length >= MIN_AGGREGATED_CALLS,
    needles,
    strategies: withCostRatios(tallies.map((t) => figuresOf(t.strategy, [t], window))),
    series: Object.fromEntries(tallies.map((t) => [t.strategy, t.calls.map((c) => c.context)])),
    prefixFailures: tallies.flatMap((t) =>
      t.prefix?.first ? [{ strategy: t.strategy, calls: t.prefix.failed, first: t.prefix.first }] : [],
    ),
  };
  if (transcript.source !== undefined) report.source = transcript.source;
  if (session.fold !== undefined) report.fold = session.fold;
  return report;
}

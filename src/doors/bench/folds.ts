import path from 'node:path';
import { figuresOf, withCostRatios, type StrategyFigures, type StrategyTally } from './figures.js';
import type { StrategyName } from './types.js';

/** How a bench run groups its sessions into folds: by source (the default), or not at all. */
export type FoldBy = 'source' | 'none';

export const FOLD_BY: readonly FoldBy[] = ['source', 'none'];

/** The fold of a file given directly, or lying at the root of the folder given. */
export const ROOT_FOLD = '.';

/** The fold of the built-in sessions. */
export const BUILTIN_FOLD = 'built-in';

/**
 * The source of a session file: the first folder below the root it was found under (a folder of
 * sessions holds one folder per source: claude-code-log, swe-agent…). A file at the root, or given
 * by itself, is of the root's fold. It depends only on the path relative to the root, so it is the
 * same on every machine.
 */
export function sourceOf(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep).join('/');
  const slash = relative.indexOf('/');
  if (slash <= 0 || relative.startsWith('../')) return ROOT_FOLD;
  return relative.slice(0, slash);
}

/**
 * One leave-one-source-out fold: the source held out and its figures. gardener fits nothing at
 * bench time, so a fold's report is its own source's figures; what a tuning benchmark fits on for
 * this fold is every other source (benchmarks/bench-sessions.ts --fold).
 */
export interface FoldReport {
  fold: string;
  /** Sessions of this source replayed, and those aggregated (at least 10 calls). */
  sessions: number;
  aggregatedSessions: number;
  /** One row per strategy, aggregated over this source's sessions; cost ratios to its own raw. */
  totals: StrategyFigures[];
}

/** The sessions of one fold, as the run gathered them. */
export interface FoldTallies {
  sessions: number;
  /** The tallies of its aggregated sessions, one per strategy and session. */
  aggregated: StrategyTally[][];
}

/** Adds one replayed session to its fold. */
export function addToFold(
  folds: Map<string, FoldTallies>,
  fold: string,
  tallies: readonly StrategyTally[],
  aggregated: boolean,
): void {
  const entry = folds.get(fold) ?? { sessions: 0, aggregated: [] };
  entry.sessions += 1;
  if (aggregated) entry.aggregated.push([...tallies]);
  folds.set(fold, entry);
}

/** Each fold's figures, in the order of the folds' names. */
export function foldReports(
  folds: ReadonlyMap<string, FoldTallies>,
  names: readonly StrategyName[],
  window: number,
): FoldReport[] {
  return [...folds.keys()].sort().map((fold) => {
    const entry = folds.get(fold) as FoldTallies;
    const of = (name: StrategyName) =>
      entry.aggregated.flatMap((tallies) => tallies.filter((t) => t.strategy === name));
    return {
      fold,
      sessions: entry.sessions,
      aggregatedSessions: entry.aggregated.length,
      totals: withCostRatios(names.map((name) => figuresOf(name, of(name), window))),
    };
  });
}

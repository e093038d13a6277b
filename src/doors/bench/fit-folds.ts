import { errorPercent, medianAbsError, totalOf, type Agreement } from './cache-agreement.js';
import { FIT_RULES, type FitRule } from './fit-rules.js';

/** The cache model's fit on a set of sessions: signed total errors and per-session medians, in percent. */
export interface FitFigures {
  read: number;
  written: number;
  medianRead: number;
  medianWritten: number;
  sessions: number;
}

/** The figures of the sessions given (the caller keeps those long enough to say anything). */
export function figuresOf(agreements: readonly Agreement[]): FitFigures {
  const total = totalOf(agreements);
  return {
    read: errorPercent(total.read),
    written: errorPercent(total.written),
    medianRead: medianAbsError(agreements, 'read'),
    medianWritten: medianAbsError(agreements, 'written'),
    sessions: agreements.length,
  };
}

/** How far a fit is from the rows: total and median errors of reads and writes together. */
export function misfit(figures: FitFigures): number {
  return Math.abs(figures.read) + Math.abs(figures.written) + figures.medianRead + figures.medianWritten;
}

/**
 * The rules a set of sessions supports, chosen on them alone: starting from none, the rule that
 * lowers the misfit most is added while one lowers it or leaves it as it is (a rule is kept when it
 * helps or does not hurt). `evaluate` gives the figures of the sessions under a set of rules.
 */
export function chooseRules(evaluate: (rules: ReadonlySet<FitRule>) => FitFigures): FitRule[] {
  const chosen: FitRule[] = [];
  let best = misfit(evaluate(new Set()));
  for (;;) {
    let pick: { rule: FitRule; score: number } | undefined;
    for (const rule of FIT_RULES) {
      if (chosen.includes(rule)) continue;
      const score = misfit(evaluate(new Set([...chosen, rule])));
      if (score <= best && (!pick || score < pick.score)) pick = { rule, score };
    }
    if (!pick) return chosen;
    chosen.push(pick.rule);
    best = pick.score;
  }
}

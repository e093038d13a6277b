import type { PlanOptions, PlanResult } from '../api.js';
import { budgetError, budgetFigures } from './budget-check.js';
import { calibrate, scale } from './calibration.js';
import { horizonCalls } from './cost-model.js';
import { applyEvent, restorations } from '../events.js';
import { keepOwnWords } from './plan-own.js';
import { affordableSpend, FORCED_SHARE, profitEventsStopped } from './regret-guard.js';
import { selectProfitable, selectSteps, type MessageTokens, type Step } from './planner.js';
import { messageTokens } from '../render/render.js';
import {
  estimate,
  settleOutsideWindow,
  stepContext,
  workingWindow,
  type GardenState,
} from '../state/state.js';
import { eligibleSteps, targetForms } from './steps.js';
import type { GardenEvent } from '../types.js';
import type { MessageView } from '../state/view.js';

/**
 * A profit event saves at least this share of the budget: fewer, larger batches, at the same cost
 * as no minimum on the dev split.
 */
const PROFIT_MIN_SHARE = 0.05;
/**
 * Calls a profit event waits after the previous event (of any kind): the previous rewrite pays back
 * first, and two events a call apart would each rewrite what the other just wrote.
 */
export const PROFIT_SPACING_CALLS = 3;

/** Whether the session's last event is at least PROFIT_SPACING_CALLS renders old. */
function spacedFromLastEvent(state: GardenState): boolean {
  const last = state.saved.events.findLast((e) => e.kind !== 'restore' && e.changed > 0);
  return last === undefined || state.counters.renders - last.call >= PROFIT_SPACING_CALLS;
}

/** The messages' rendered tokens, each counted when the planner reads it. */
function renderedTokens(state: GardenState): MessageTokens {
  const { messages } = state.view;
  return { length: messages.length, at: (m) => messageTokens(messages[m] as MessageView) };
}

function savedBy(steps: readonly Step[]): number {
  return steps.reduce((sum, step) => sum + step.saved, 0);
}

/** Why an event is due now, and how many tokens it must save; undefined when none is. */
function eventDue(
  state: GardenState,
  calibrated: number,
  cold: boolean,
  target: number | undefined,
): { kind: GardenEvent['kind']; need: number } | undefined {
  const { highWater, lowWater } = state.config;
  if (target !== undefined) return { kind: 'target', need: calibrated - target };
  if (calibrated > highWater * state.budget)
    return { kind: 'pressure', need: calibrated - lowWater * state.budget };
  if (cold && calibrated > lowWater * state.budget)
    return { kind: 'cold', need: calibrated - lowWater * state.budget };
  return undefined;
}

/**
 * Decides whether a compaction event is due (hysteresis: above the high-water mark, down to the low
 * one; or the cache is cold anyway) and applies it; below the high-water mark, an event runs when it
 * pays for its cache rewrite (planner.ts selectProfitable). Protected blocks left shortened are restored
 * first. Throws BUDGET_IMPOSSIBLE when the request cannot fit, unless `strict: false`.
 */
export function plan(state: GardenState, options: PlanOptions = {}): PlanResult {
  const { config, anchor, lastRender } = state;
  const now = config.now();
  const cold = lastRender === undefined || now - lastRender.at > config.cacheTtlMs;
  const limit = options.target ?? state.budget;
  const window = workingWindow(state, limit);
  settleOutsideWindow(state, window);
  let event = applyEvent(state, 'restore', restorations(state, window));
  // The request as it stands: no step below changes the view until an event is applied.
  const calibrated = calibrate(estimate(state), anchor);
  const due = eventDue(state, calibrated, cold, options.target);
  if (due !== undefined && due.need > 0) {
    const input = {
      steps: eligibleSteps(state.view, stepContext(state, window)),
      need: due.need / scale(anchor),
      messageTokens: renderedTokens(state),
      cachedMessages: cold ? 0 : (lastRender?.messages ?? 0),
      horizon: horizonCalls(state.counters.renders, config.horizonCalls),
      cold: due.kind === 'cold',
    };
    let selection = selectSteps(input);
    if (
      due.kind === 'pressure' &&
      calibrated <= FORCED_SHARE * state.budget &&
      selection.feasible &&
      (selection.atOnce ?? 0) > affordableSpend(state.guard)
    )
      return finish(state, options, limit, event, cold, window);
    // Past the saving floor: when nothing else fits, any change that saves a token is worth it.
    if (!selection.feasible && due.kind !== 'cold') {
      selection = selectSteps({ ...input, steps: eligibleSteps(state.view, stepContext(state, window, 1)) });
      if (!selection.feasible) {
        // The agent's own words stay summaries, not stubs, as long as the request fits without stubbing them.
        const own = keepOwnWords(state.view, selection.steps);
        const overBudget = (calibrated - limit) / scale(anchor);
        if (savedBy(own) >= overBudget) selection = { ...selection, steps: own };
      }
    }
    event = applyEvent(state, due.kind, targetForms(state.view, selection.steps, window.start)) ?? event;
  } else if (
    due === undefined &&
    !cold &&
    config.profitEvents &&
    !profitEventsStopped(state.guard) &&
    spacedFromLastEvent(state)
  ) {
    // Below the high-water mark: an event that pays for its cache rewrite over the calls to come.
    const selection = selectProfitable(
      {
        steps: eligibleSteps(state.view, stepContext(state, window)),
        messageTokens: renderedTokens(state),
        cachedMessages: lastRender?.messages ?? 0,
        horizon: horizonCalls(state.counters.renders, config.horizonCalls),
      },
      config.profitFactor,
    );
    if (selection && selection.saved >= PROFIT_MIN_SHARE * state.budget)
      event = applyEvent(state, 'profit', targetForms(state.view, selection.steps, window.start)) ?? event;
  }
  return finish(state, options, limit, event, cold, window);
}

/** The plan's result, with BUDGET_IMPOSSIBLE thrown (or reported) when the request cannot fit. */
function finish(
  state: GardenState,
  options: PlanOptions,
  limit: number,
  event: GardenEvent | undefined,
  cold: boolean,
  window: ReturnType<typeof workingWindow>,
): PlanResult {
  const tokens = estimate(state);
  const after = calibrate(tokens, state.anchor);
  const result: PlanResult = { event, tokens, calibratedTokens: after, budget: state.budget, cold };
  if (after > limit) {
    const figures = budgetFigures(state.view, state.fixedTokens, limit, window, state.pinned);
    if (options.strict !== false) throw budgetError(figures, state.config.keepLastTurns, limit);
    result.impossible = figures;
  }
  return result;
}

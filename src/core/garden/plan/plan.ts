import { calibrate, scale } from '../ledger/calibration.js';
import type { GardenEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import { affordableSpend, FORCED_SHARE, profitEventsStopped } from '../ledger/regret-guard.js';
import type { Session } from '../session/session.js';
import type { GardenConfig } from '../session/config.js';
import { estimate, messageTokens } from '../view/figures.js';
import type { Form } from '../view/slot.js';
import type { MessageView, View } from '../view/view.js';
import { horizonCalls, RETHINK_LOSS_PER_TOKEN, type CacheModel } from './cost-model.js';
import { keepOwnWords } from './plan-own.js';
import { trimmedHead } from './trim-head.js';
import { selectProfitable, selectSteps, type MessageTokens, type Selection, type Step } from './planner.js';
import { sentMessages } from './sent.js';
import { eligibleSteps, stepContext, targetForms } from './steps.js';
import { keptThinkingBefore, thinkingDrops } from './thinking-drops.js';
import type { WorkingWindow } from './window.js';

/**
 * A profit event saves at least this share of the budget: fewer, larger batches, at the same cost
 * as no minimum (docs/BENCH.md § Provenance of tuned constants).
 */
const PROFIT_MIN_SHARE = 0.05;
/**
 * Calls a profit event waits after the previous event (of any kind): the previous rewrite pays back
 * first, and two events a call apart would each rewrite what the other just wrote.
 */
export const PROFIT_SPACING_CALLS = 3;

/** What a plan weighs besides the view and the ledger. */
export interface PlanSettings {
  /** The settings and the budget. */
  session: Session;
  /** The working window for the budget (or the target) planned for. */
  window: WorkingWindow;
  /** Whether the prompt cache is cold now (cacheCold). */
  cold: boolean;
  /** Compact down to this many tokens, without hysteresis (PlanOptions.target). */
  target: number | undefined;
  /** The prompt cache's prices. */
  model: CacheModel;
}

/** The event a plan decided on: its kind, the forms it changes, and the figures it was chosen by. */
export interface PlannedEvent {
  kind: GardenEvent['kind'];
  forms: Map<string, Form>;
  /** Tokens saved by the steps taken. */
  saved: number;
  /** Its cost under the cache model (planner.ts), in input-token units. */
  cost: number;
  /** The earliest message it changes: the cache is rewritten from there. */
  cut: number;
  /**
   * Thinking the model keeps in its context and nothing binds (no prefix check, or an old account):
   * when no form change can bring the request down, the thinking kept before this message (the
   * working window's start) is left out too, for good.
   */
  shedThinkingBefore?: number;
}

/** Whether the prompt cache is cold: idle longer than its TTL, or never used. Reads the clock. */
export function cacheCold(session: Session, ledger: Pick<Ledger, 'lastRender'>): boolean {
  const now = session.config.now();
  const { lastRender } = ledger;
  return lastRender === undefined || now - lastRender.at > session.config.cacheTtlMs;
}

/**
 * Decides whether a compaction event is due (hysteresis: above the high-water mark, down to the low
 * one; or the cache is cold anyway) and which forms it changes; below the high-water mark, an event
 * is planned when it pays for its cache rewrite (planner.ts selectProfitable). Reads the view and the
 * ledger and changes neither: ingest applies what it returns (ingest/apply-event.ts).
 */
export function planEvent(view: View, ledger: Ledger, settings: PlanSettings): PlannedEvent | undefined {
  const { session, window, cold, target, model } = settings;
  const { config, budget } = session;
  const { anchor, lastRender } = ledger;
  const calibrated = calibrate(estimate(view), anchor);
  const due = eventDue(config, budget, calibrated, cold, target);
  const drops = view.thinking.bound
    ? thinkingDrops(view, sentMessages(view, ledger), RETHINK_LOSS_PER_TOKEN)
    : undefined;
  if (due !== undefined && due.need > 0) {
    const input = {
      steps: eligibleSteps(view, stepContext(view, ledger, session, window)),
      need: due.need / scale(anchor),
      messageTokens: renderedTokens(view),
      cachedMessages: cold ? 0 : (lastRender?.messages ?? 0),
      horizon: horizonCalls(ledger.counters.renders, config.horizonCalls),
      // Bound thinking makes where a change is matter even on a cold cache: the cut search prices it.
      cold: due.kind === 'cold' && drops === undefined,
      model,
      drops,
    };
    let selection = selectSteps(input);
    if (
      due.kind === 'pressure' &&
      calibrated <= FORCED_SHARE * budget &&
      selection.feasible &&
      (selection.atOnce ?? 0) > affordableSpend(ledger.guard)
    )
      return undefined;
    // Past the saving floor: when nothing else fits, any change that saves a token is worth it.
    if (!selection.feasible && due.kind !== 'cold') {
      const steps = eligibleSteps(view, stepContext(view, ledger, session, window, 1));
      selection = selectSteps({ ...input, steps });
      if (!selection.feasible && due.kind === 'pressure' && calibrated <= FORCED_SHARE * budget)
        selection = trimmedHead({ ...input, steps }, selection);
      if (!selection.feasible) {
        // The agent's own words stay summaries, not stubs, as long as the request fits without stubbing them.
        const own = keepOwnWords(view, selection.steps);
        const overBudget = (calibrated - (target ?? budget)) / scale(anchor);
        if (savedBy(own) >= overBudget) selection = { ...selection, steps: own };
      }
    }
    const event = planned(due.kind, targetForms(view, selection.steps, window.start), selection);
    // Earlier reasoning the model keeps is what is left to shed; nothing binds it, so it may go.
    const unbound = view.thinking.counted && !view.thinking.bound;
    if (!selection.feasible && unbound && keptThinkingBefore(view, window.start) > 0)
      return { ...event, shedThinkingBefore: window.start };
    return event;
  }
  if (
    due === undefined &&
    !cold &&
    config.profitEvents &&
    !profitEventsStopped(ledger.guard) &&
    spacedFromLastEvent(ledger)
  ) {
    // Below the high-water mark: an event that pays for its cache rewrite over the calls to come.
    const selection = selectProfitable(
      {
        steps: eligibleSteps(view, stepContext(view, ledger, session, window)),
        messageTokens: renderedTokens(view),
        cachedMessages: lastRender?.messages ?? 0,
        horizon: horizonCalls(ledger.counters.renders, config.horizonCalls),
        model,
        drops,
      },
      config.profitFactor,
    );
    if (selection && selection.saved >= PROFIT_MIN_SHARE * budget)
      return planned('profit', targetForms(view, selection.steps, window.start), selection);
  }
  return undefined;
}

function planned(kind: GardenEvent['kind'], forms: Map<string, Form>, selection: Selection): PlannedEvent {
  return { kind, forms, saved: selection.saved, cost: selection.cost, cut: selection.cut };
}

/** Whether the session's last event is at least PROFIT_SPACING_CALLS renders old. */
function spacedFromLastEvent(ledger: Pick<Ledger, 'saved' | 'counters'>): boolean {
  const last = ledger.saved.events.findLast((e) => e.kind !== 'restore' && e.changed > 0);
  return last === undefined || ledger.counters.renders - last.call >= PROFIT_SPACING_CALLS;
}

/** The messages' rendered tokens, each counted when the planner reads it. */
function renderedTokens(view: View): MessageTokens {
  const { messages } = view;
  return { length: messages.length, at: (m) => messageTokens(messages[m] as MessageView) };
}

function savedBy(steps: readonly Step[]): number {
  return steps.reduce((sum, step) => sum + step.saved, 0);
}

/** Why an event is due now, and how many tokens it must save; undefined when none is. */
function eventDue(
  config: GardenConfig,
  budget: number,
  calibrated: number,
  cold: boolean,
  target: number | undefined,
): { kind: GardenEvent['kind']; need: number } | undefined {
  const { highWater, lowWater } = config;
  if (target !== undefined) return { kind: 'target', need: calibrated - target };
  if (calibrated > highWater * budget) return { kind: 'pressure', need: calibrated - lowWater * budget };
  if (cold && calibrated > lowWater * budget) return { kind: 'cold', need: calibrated - lowWater * budget };
  return undefined;
}

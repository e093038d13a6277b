import type { MessagesRequest } from '../transcript/index.js';
import type { Garden, GardenOptions } from './api.js';
import { fetchEntry, recallAsModel } from './ingest/access.js';
import { applyEvent } from './ingest/apply-event.js';
import { compactAll, forget, pin, recallIntoContext, unpin } from './ingest/changes.js';
import { observeCost, observeUsage, recordRender } from './ingest/observe.js';
import { settleOutsideWindow, settleUnsent, type SettleOptions } from './ingest/settle-where.js';
import { leaveOutAll, leaveOutFailing } from './ingest/thinking.js';
import { settlePending, syncTranscript } from './ingest/sync-transcript.js';
import { openLedger, type Ledger } from './ledger/ledger.js';
import { persistAll, saveLedger, saveUnsaved } from './ledger/save-state.js';
import { cacheModel } from '../cache/constants.js';
import { cacheCold, planEvent } from './plan/plan.js';
import { planResult, type PlanOptions, type PlanResult } from './plan/plan-result.js';
import { classBreakdown, pressureOf } from './plan/pressure.js';
import { restorations } from './plan/restorations.js';
import { workingWindow } from './plan/window.js';
import { renderEachRequest, renderRequest } from './render/request.js';
import { checkBudget } from './session/config.js';
import { createSession, type CompressFn, type Session } from './session/session.js';
import { shownInFull } from './view/view-index.js';
import { estimate } from './view/figures.js';
import { emptyView, type View } from './view/view.js';

/** The model the last synced request is for (its prices and thinking rules), when it names one. */
function requestModel(view: View): string | undefined {
  const model = view.transcript?.extra?.['model'];
  return typeof model === 'string' ? model : undefined;
}

/** What openGardenWith needs: the options with the compressor named. */
export type GardenWithOptions = GardenOptions & { compress: CompressFn };

/**
 * Opens the engine on a store for one session with the compressor given; forms saved by an earlier
 * process are picked up. openGarden (open.ts) gives it the real compressors: this module does not
 * import them, so a door that stores only what is never compressed (a prompt) need not load them.
 *
 * Wiring only: the session (what the garden is opened with), the ledger (what it remembers) and the
 * view (the transcript as it reads it) are the layers' own records; sync, settle and the changes
 * write them (ingest), the plan decides and the render writes requests, reading them.
 */
export function openGardenWith(options: GardenWithOptions): Garden {
  const session = createSession(options);
  const ledger = openLedger(session);
  const view = emptyView();
  const settle = (settleOptions?: SettleOptions) => settlePending(view, session, ledger, settleOptions);
  return {
    scope: session.scope,
    budget: () => session.budget,
    setBudget(next) {
      session.budget = checkBudget(next);
    },
    sync: (transcript) => syncTranscript(view, session, ledger, transcript),
    settle(settleOptions) {
      const result = settle(settleOptions);
      saveUnsaved(session, ledger, view);
      return result;
    },
    plan: (planOptions = {}) => plan(view, session, ledger, planOptions),
    render: (renderOptions = {}) => render(view, session, ledger, renderOptions.inject ?? true),
    renderEach() {
      const rendered = renderEachRequest(view, session);
      recordRender(view, session, ledger, rendered);
      return rendered.request;
    },
    pressure(pressureOptions = {}) {
      if (pressureOptions.settle !== false) settle();
      return pressureOf(view, session, ledger);
    },
    observeCost: (costs) => observeCost(ledger, costs),
    observeUsage: (inputTokens) => observeUsage(view, ledger, inputTokens),
    recall(query, recallOptions) {
      settle();
      return recallAsModel(view, session, ledger, query, recallOptions);
    },
    inContext: (id) => shownInFull(view.index, id),
    fetch(id, fetchOptions) {
      settle();
      return fetchEntry(view, session, ledger, id, fetchOptions);
    },
    recallIntoContext: (id) => recallIntoContext(view, session, ledger, id),
    forget: (id, forgetOptions = {}) => forget(view, session, ledger, id, forgetOptions.purge === true),
    pin: (id) => pin(view, session, ledger, id),
    unpin: (id) => unpin(view, session, ledger, id),
    note: (text, noteOptions) => session.store.note(session.scope, text, noteOptions),
    compactAll(compactOptions = {}) {
      settle();
      const minTokens = compactOptions.minTokens ?? 0;
      return compactAll(view, session, ledger, {
        minTokens,
        keepLastTurns: compactOptions.keepLastTurns,
        firstSend: compactOptions.firstSend === true,
      });
    },
    classStats() {
      settle();
      return classBreakdown(view);
    },
    counters: () => ({ ...ledger.counters }),
    events: () => [...ledger.saved.events],
    save: () => saveUnsaved(session, ledger, view),
    bindingRefused(remedy) {
      if (remedy === 'pass-through') ledger.thinking.passThrough = true;
      else leaveOutAll(view, ledger);
      saveLedger(session, ledger, view);
    },
    passesThrough: () => ledger.thinking.passThrough,
    close() {
      // The forms and pins are saved even when storing the last blocks fails.
      try {
        settle();
      } finally {
        persistAll(session, ledger, view);
      }
    },
  };
}

/**
 * Garden.render: the request as the view renders now. Where thinking is bound to what was sent, a
 * thinking block that would fail the API's check is left out, and the request rendered again.
 */
function render(view: View, session: Session, ledger: Ledger, inject: boolean): MessagesRequest {
  let rendered = renderRequest(view, session, ledger.anchor, inject);
  if (view.thinking.bound && leaveOutFailing(view, ledger, rendered.request) > 0) {
    saveLedger(session, ledger, view);
    rendered = renderRequest(view, session, ledger.anchor, inject);
  }
  recordRender(view, session, ledger, rendered);
  return rendered.request;
}

/**
 * Garden.plan: the blocks the engine may shorten stored, protected blocks left shortened restored,
 * then the event the plan decides on applied; BUDGET_IMPOSSIBLE when the request cannot fit.
 */
function plan(view: View, session: Session, ledger: Ledger, options: PlanOptions): PlanResult {
  // The clock is read first: whether the cache is cold, then each event's time.
  const cold = cacheCold(session, ledger);
  const limit = options.target ?? session.budget;
  const window = workingWindow(view, session, limit);
  settleOutsideWindow(view, session, ledger.counters, window);
  // Blocks not sent yet may go out as their summaries where an event may come: they need them now.
  if (view.thinking.bound && estimate(view) > session.config.lowWater * limit)
    settleUnsent(view, session, ledger);
  let event = applyEvent(view, session, ledger, {
    kind: 'restore',
    forms: restorations(view, ledger, window),
  });
  const planned = planEvent(view, ledger, {
    session,
    window,
    cold,
    target: options.target,
    model: cacheModel(requestModel(view)),
  });
  if (planned) event = applyEvent(view, session, ledger, planned) ?? event;
  return planResult(view, session, ledger, { event, cold, window, limit, strict: options.strict });
}

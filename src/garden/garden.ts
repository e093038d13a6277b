import { classify as defaultClassify } from '../classify/classify.js';
import { compress as defaultCompress } from '../compress/index.js';
import { GardenerError } from '../errors.js';
import type { Store } from '../store/types.js';
import { defaultTokenizer } from '../tokens/tokenizer.js';
import type { Block, MessagesRequest, Transcript } from '../transcript/types.js';
import type { Garden, GardenOptions, PlanResult, SettleResult } from './api.js';
import { budgetError, budgetFigures } from './budget-check.js';
import { calibrate, scale, type Anchor } from './calibration.js';
import { checkBudget, resolveGardenConfig, type GardenConfig } from './config.js';
import { horizonCalls } from './cost-model.js';
import { settleSlot } from './ingest.js';
import { loadState, saveState, type SavedState } from './persist.js';
import { selectSteps } from './planner.js';
import { classBreakdown, pressureReport } from './pressure.js';
import { recentMentions } from './recent.js';
import { messageTokens, originalMessageTokens, renderMessages } from './render.js';
import { eligibleSteps, targetForms, withReattachedMedia, type StepContext } from './steps.js';
import { syncView, tally } from './sync.js';
import type { Form, GardenEvent, Slot } from './types.js';
import { emptyView, slotTokens, type View } from './view.js';
import { oversized, protection, windowStart, type WorkingWindow } from './window.js';
import { appendInjection, countFixed, turnInjection } from './garden-parts.js';
import { recall } from '../recall/recall.js';

/** Events kept in memory (events() returns them; the counters keep totals). */
const KEPT_EVENTS = 200;

/** Opens the engine on a store for one session; forms saved by an earlier process are picked up. */
export function openGarden(options: GardenOptions): Garden {
  return createGarden(options);
}

function createGarden(options: GardenOptions): Garden {
  const config: GardenConfig = resolveGardenConfig(options.config);
  let budget = checkBudget(options.budget);
  const store = options.store;
  const scope = options.session;
  const tokenizer = options.tokenizer ?? defaultTokenizer();
  const saved: SavedState = config.persist ? loadState(store, scope) : loadState(emptyStore, scope);
  const counters = saved.counters;
  const pinned = new Set(saved.pinned);
  const access = new Map(Object.entries(saved.access));
  const savedForms = new Map(Object.entries(saved.forms));
  const strippedSeen = new Set<string>();
  let view: View = emptyView();
  let transcript: Transcript | undefined;
  let fixedTokens = 0;
  let anchor: Anchor | undefined;
  let lastRender: { at: number; messages: number; tokens: number } | undefined =
    saved.lastRenderAt === null ? undefined : { at: saved.lastRenderAt, messages: 0, tokens: 0 };
  const deps = {
    store,
    scope,
    tokenizer,
    classify: options.classify ?? defaultClassify,
    compress: options.compress ?? defaultCompress,
    counters,
  };

  const estimate = () => fixedTokens + view.messages.reduce((sum, m) => sum + messageTokens(m), 0);
  const originalEstimate = () =>
    fixedTokens + view.messages.reduce((sum, m) => sum + originalMessageTokens(m), 0);
  const start = (limit = budget): WorkingWindow => {
    const maxTokens = Math.floor(config.windowMaxShare * limit);
    const sizes = view.messages.map(originalMessageTokens);
    return { start: windowStart(view, config.keepLastTurns, sizes, maxTokens), maxTokens };
  };
  /** Blocks the engine may shorten now must be stored first: those before the window and oversized ones. */
  const settleOutsideWindow = (window: WorkingWindow) =>
    settleWhere((slot) => slot.message < window.start || oversized(slot, window));
  const stepContext = (windowFrom: WorkingWindow, minSaving = config.minSavingTokens): StepContext => ({
    window: windowFrom,
    pinned,
    mentions: recentMentions(view),
    access,
    minSaving,
  });
  const slotsOf = (id: string): Slot[] => view.all.filter((s) => s.entryId === id || s.key === id);

  const persist = () => {
    if (!config.persist) return;
    const forms: Record<string, Form> = {};
    for (const [key, form] of savedForms) forms[key] = form;
    for (const slot of view.all) {
      if (slot.form !== 'original') forms[slot.key] = slot.form;
      else delete forms[slot.key];
    }
    saveState(store, scope, {
      ...saved,
      forms,
      pinned: [...pinned],
      access: Object.fromEntries(access),
      counters,
      lastRenderAt: lastRender?.at ?? null,
    });
  };

  /** Applies form changes as one event; nothing happens when no form actually changes. */
  const applyEvent = (
    kind: GardenEvent['kind'],
    forms: ReadonlyMap<string, Form>,
  ): GardenEvent | undefined => {
    const changes = [...forms].filter(([key, form]) => {
      const slot = view.byKey.get(key);
      return slot !== undefined && slot.form !== form && slot.blocks[form] !== undefined;
    });
    if (changes.length === 0) return undefined;
    const tokensBefore = estimate();
    let firstMessage = view.messages.length;
    for (const [key, form] of changes) {
      const slot = view.byKey.get(key) as Slot;
      slot.form = form;
      firstMessage = Math.min(firstMessage, slot.message);
    }
    counters.events++;
    const event: GardenEvent = {
      seq: ++saved.eventSeq,
      kind,
      at: config.now(),
      call: counters.renders,
      changed: changes.length,
      tokensBefore,
      tokensAfter: estimate(),
      firstMessage,
    };
    saved.events.push(event);
    if (saved.events.length > KEPT_EVENTS) saved.events.splice(0, saved.events.length - KEPT_EVENTS);
    persist();
    return event;
  };

  /** Stores the pending slots that `which` selects. */
  const settleWhere = (which: (slot: Slot) => boolean): SettleResult => {
    const result: SettleResult = { ingested: 0, byClass: {} };
    for (const slot of view.all) {
      if (!slot.pending || !which(slot)) continue;
      settleSlot(slot, deps);
      result.ingested++;
      tally(result.byClass, slot);
    }
    return result;
  };

  /** Protected blocks left shortened (after a rewind or a budget change) go back to their original form. */
  const restorations = (windowFrom: WorkingWindow): Map<string, Form> => {
    const forms = new Map<string, Form>();
    for (const slot of view.all) {
      if (slot.form === 'original' || slot.media) continue;
      if (protection(slot, windowFrom, pinned) !== undefined) forms.set(slot.key, 'original');
    }
    return forms.size > 0 ? withReattachedMedia(view, forms, windowFrom.start) : forms;
  };

  const garden: Garden = {
    scope,
    budget: () => budget,
    setBudget(next) {
      budget = checkBudget(next);
    },

    sync(next) {
      const { view: synced, result } = syncView(next, view, { ...deps, savedForms, strippedSeen });
      view = synced;
      transcript = next;
      fixedTokens = countFixed(tokenizer, next);
      counters.markersStripped += result.stripped;
      for (const key of view.byKey.keys()) savedForms.delete(key);
      const settled = settleOutsideWindow(start());
      result.pending = view.all.filter((slot) => slot.pending).length;
      for (const [cls, row] of Object.entries(settled.byClass)) {
        const into = (result.byClass[cls] ??= { blocks: 0, tokens: 0 });
        into.blocks += row.blocks;
        into.tokens += row.tokens;
      }
      return result;
    },

    settle: () => settleWhere(() => true),

    plan(planOptions = {}) {
      const now = config.now();
      const cold = lastRender === undefined || now - lastRender.at > config.cacheTtlMs;
      const windowFrom = start(planOptions.target ?? budget);
      settleOutsideWindow(windowFrom);
      let event = applyEvent('restore', restorations(windowFrom));
      const calibrated = calibrate(estimate(), anchor);
      const ratio = scale(anchor);
      const limit = planOptions.target ?? budget;
      let kind: GardenEvent['kind'] | undefined;
      let need = 0;
      if (planOptions.target !== undefined) {
        kind = 'target';
        need = calibrated - planOptions.target;
      } else if (calibrated > config.highWater * budget) {
        kind = 'pressure';
        need = calibrated - config.lowWater * budget;
      } else if (cold && calibrated > config.lowWater * budget) {
        kind = 'cold';
        need = calibrated - config.lowWater * budget;
      }
      if (kind !== undefined && need > 0) {
        const messageSizes = view.messages.map(messageTokens);
        const input = {
          steps: eligibleSteps(view, stepContext(windowFrom)),
          need: need / ratio,
          messageTokens: messageSizes,
          cachedMessages: cold ? 0 : (lastRender?.messages ?? 0),
          horizon: horizonCalls(counters.renders, config.horizonCalls),
          cold: kind === 'cold',
        };
        let selection = selectSteps(input);
        if (!selection.feasible && kind !== 'cold') {
          selection = selectSteps({ ...input, steps: eligibleSteps(view, stepContext(windowFrom, 1)) });
        }
        event = applyEvent(kind, targetForms(view, selection.steps, windowFrom.start)) ?? event;
      }
      const tokens = estimate();
      const after = calibrate(tokens, anchor);
      const result: PlanResult = { event, tokens, calibratedTokens: after, budget, cold };
      if (after > limit) {
        const figures = budgetFigures(view, fixedTokens, limit, windowFrom, pinned);
        if (planOptions.strict !== false) throw budgetError(figures, config.keepLastTurns, limit);
        result.impossible = figures;
      }
      return result;
    },

    render(renderOptions = {}) {
      if (transcript === undefined)
        throw new GardenerError('USAGE', 'render() needs a transcript: call sync() first');
      const messages = renderMessages(view);
      const tokens = estimate();
      let injected = 0;
      if (renderOptions.inject ?? true) {
        const room = Math.floor((budget - calibrate(tokens, anchor)) / scale(anchor));
        const injection = turnInjection({
          view,
          mode: config.inject,
          maxTokens: Math.min(config.injectMaxTokens, room),
          store,
          scope,
          tokenizer,
        });
        if (injection) {
          messages[messages.length - 1] = appendInjection(messages[messages.length - 1]!, injection.text);
          injected = injection.tokens;
        }
      }
      counters.renders++;
      counters.tokensSaved += Math.max(0, originalEstimate() - tokens);
      counters.injectedTokens += injected;
      lastRender = { at: config.now(), messages: messages.length, tokens: tokens + injected };
      const request: MessagesRequest = { ...(transcript.extra ?? {}), messages };
      if (transcript.system !== undefined) request.system = transcript.system;
      if (transcript.tools !== undefined) request.tools = transcript.tools;
      return request;
    },

    pressure() {
      garden.settle();
      const windowFrom = start();
      const tokens = estimate();
      const figures = budgetFigures(view, fixedTokens, budget, windowFrom, pinned);
      return pressureReport({
        view,
        budget,
        highWater: config.highWater,
        lowWater: config.lowWater,
        fixedTokens,
        renderedTokens: tokens,
        calibratedTokens: calibrate(tokens, anchor),
        calibrated: anchor !== undefined,
        originalTokens: originalEstimate(),
        protectedTokens: figures.protected,
        candidates: eligibleSteps(view, stepContext(windowFrom)),
        counters,
        lastEvent: saved.events[saved.events.length - 1],
      });
    },

    observeUsage(inputTokens) {
      if (!(Number.isFinite(inputTokens) && inputTokens > 0)) return;
      const estimated = lastRender?.tokens ?? estimate();
      if (estimated > 0) anchor = { estimated, actual: inputTokens };
    },

    recall(query, recallOptions) {
      garden.settle();
      const result = recall(store, query, scope, recallOptions);
      for (const hit of result.hits) for (const slot of slotsOf(hit.id)) access.set(slot.key, view.turns);
      return result;
    },

    fetch(id) {
      garden.settle();
      const entry = store.fetch(id);
      if (!entry) return undefined;
      const slot = slotsOf(entry.id)[0];
      if (slot) {
        access.set(slot.key, view.turns);
        if (slot.form !== 'original') counters.stubsRecalled++;
        return { entry, block: slot.block, form: slot.form };
      }
      store.touch(entry.id);
      if (entry.kind === 'media') return { entry, block: JSON.parse(entry.original) as Block };
      return { entry };
    },

    recallIntoContext(id) {
      const slots = slotsOf(id);
      if (slots.length === 0) return { changed: 0, reason: store.fetch(id) ? 'not in context' : 'unknown' };
      for (const slot of slots) access.set(slot.key, view.turns);
      const forms = new Map(
        slots.filter((s) => s.form !== 'original').map((s): [string, Form] => [s.key, 'original']),
      );
      const shortened = forms.size;
      const event = applyEvent('recall', forms);
      if (!event) return { changed: 0, reason: 'already' };
      counters.stubsRecalled += shortened;
      return { changed: event.changed, event };
    },

    forget(id, forgetOptions = {}) {
      const slots = slotsOf(id);
      if (forgetOptions.purge) store.forget(slots[0]?.entryId ?? id);
      if (slots.length === 0) return { changed: 0, reason: store.fetch(id) ? 'not in context' : 'unknown' };
      const windowFrom = start();
      const open = slots.filter((s) => protection(s, windowFrom, pinned) === undefined);
      if (open.length === 0) return { changed: 0, reason: 'protected' };
      const forms = withReattachedMedia(view, new Map(open.map((s) => [s.key, 'stub'])), windowFrom.start);
      const event = applyEvent('forget', forms);
      return event ? { changed: event.changed, event } : { changed: 0, reason: 'already' };
    },

    pin(id) {
      const slots = slotsOf(id);
      if (slots.length === 0) return { changed: 0, reason: store.fetch(id) ? 'not in context' : 'unknown' };
      for (const slot of slots) pinned.add(slot.key);
      const event = applyEvent(
        'pin',
        new Map(slots.filter((s) => s.form !== 'original').map((s): [string, Form] => [s.key, 'original'])),
      );
      persist();
      return event ? { changed: event.changed, event } : { changed: 0, reason: 'already' };
    },

    unpin(id) {
      let removed = false;
      for (const slot of slotsOf(id)) removed = pinned.delete(slot.key) || removed;
      if (removed) persist();
      return removed;
    },

    note(text, noteOptions) {
      return store.note(scope, text, noteOptions);
    },

    compactAll(compactOptions = {}) {
      garden.settle();
      const minTokens = compactOptions.minTokens ?? 0;
      const windowFrom =
        compactOptions.keepLastTurns === undefined
          ? start()
          : {
              start: windowStart(view, compactOptions.keepLastTurns, [], Number.POSITIVE_INFINITY),
              maxTokens: Number.POSITIVE_INFINITY,
            };
      const forms = new Map<string, Form>();
      for (const slot of view.all) {
        if (slot.form !== 'original' || slot.blocks.summary === undefined || slot.textTokens < minTokens)
          continue;
        if (protection(slot, windowFrom, pinned) !== undefined) continue;
        if (slotTokens(slot, 'summary') < slotTokens(slot, 'original')) forms.set(slot.key, 'summary');
      }
      const event = applyEvent('compact-all', forms);
      return event ? { changed: event.changed, event } : { changed: 0, reason: 'already' };
    },

    classStats() {
      garden.settle();
      return classBreakdown(view);
    },
    counters: () => ({ ...counters }),
    events: () => [...saved.events],
    close() {
      garden.settle();
      persist();
    },
  };
  return garden;
}

/** Stands in for the store's session state when persistence is off. */
const emptyStore = { sessionStateGet: () => undefined } as unknown as Store;

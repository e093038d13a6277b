import { createRegretGuard, observeCosts } from './plan/regret-guard.js';
import { classify as defaultClassify } from '../classify/index.js';
import { GardenerError } from '../../errors.js';
import { readInside } from '../recall/index.js';
import { recall } from '../recall/index.js';
import type { Store } from '../store/index.js';
import { defaultTokenizer } from '../tokens/index.js';
import type { Block, MessageParam, MessagesRequest, Transcript } from '../transcript/index.js';
import type {
  ChangeResult,
  CompactAllOptions,
  FetchResult,
  Garden,
  GardenOptions,
  SettleOptions,
  SettleResult,
  StreamedRequest,
} from './api.js';
import type { CompressFn } from './ingest/ingest.js';
import type { InsideOptions } from '../recall/index.js';
import { budgetFigures } from './plan/budget-check.js';
import { calibrate, scale } from './plan/calibration.js';
import { checkBudget, resolveGardenConfig } from './config.js';
import { applyEvent } from './events.js';
import { openFormLog, persist, persistAll, saveUnsaved } from './save-state.js';
import { loadState } from './persist.js';
import { plan } from './plan/plan.js';
import { classBreakdown, pressureReport } from './state/pressure.js';
import { countFixed, eachMessage, heldBlock, renderMessages, type BlockOf } from './render/render.js';
import { shownBlock } from './ingest/read-back.js';
import {
  estimate,
  originalEstimate,
  settleOutsideWindow,
  settleWhere,
  slotsOf,
  stepContext,
  workingWindow,
  type GardenState,
} from './state/state.js';
import { eligibleSteps, withReattachedMedia } from './plan/steps.js';
import { summaryAtFirstSend } from './plan/first-send.js';
import { syncView } from './ingest/sync.js';
import { settleAsRead } from './state/settle-as-read.js';
import { originalBlock, takeMessages } from './ingest/release.js';
import { appendInjection, turnInjection } from './render/turn-injection.js';
import type { Form } from './types.js';
import { emptyView, hasForm, slotTokens } from './state/view.js';
import { inTranscriptOrder, shownInFull } from './state/view-index.js';
import { protection, windowStart } from './plan/window.js';

/** What openGardenWith needs: the options with the compressor named. */
export type GardenWithOptions = GardenOptions & { compress: CompressFn };

/**
 * Opens the engine on a store for one session with the compressor given; forms saved by an earlier
 * process are picked up. openGarden (open.ts) gives it the real compressors: this module does not
 * import them, so a door that stores only what is never compressed (a prompt) need not load them.
 */
export function openGardenWith(options: GardenWithOptions): Garden {
  const state = createState(options);
  const garden: Garden = {
    scope: state.scope,
    budget: () => state.budget,
    setBudget(next) {
      state.budget = checkBudget(next);
    },
    sync: (transcript) => sync(state, transcript),
    settle(settleOptions) {
      const result = settle(state, settleOptions);
      saveUnsaved(state);
      return result;
    },
    plan: (planOptions) => plan(state, planOptions),
    render: (renderOptions = {}) => render(state, renderOptions.inject ?? true),
    renderEach: () => renderEach(state),
    pressure(pressureOptions = {}) {
      if (pressureOptions.settle !== false) settle(state);
      return pressure(state);
    },
    observeCost(costs) {
      observeCosts(state.guard, costs, state.counters.events);
    },
    observeUsage: (inputTokens) => observeUsage(state, inputTokens),
    recall(query, recallOptions) {
      settle(state);
      // The model's own recall: what it sees in full takes no hit's place (recallOptions may say otherwise).
      const inContext = (id: string) => shownInFull(state.view.index, id);
      const result = recall(state.store, query, state.scope, { inContext, ...recallOptions });
      // What matched is what the model is after now, shown or in context: it is not stale.
      for (const id of [...result.hits.map((hit) => hit.id), ...(result.inContext ?? [])])
        for (const slot of slotsOf(state, id)) state.access.set(slot.key, state.view.turns);
      return result;
    },
    inContext: (id) => shownInFull(state.view.index, id),
    fetch: (id, options) => fetch(state, id, options),
    recallIntoContext: (id) => recallIntoContext(state, id),
    forget: (id, forgetOptions = {}) => forget(state, id, forgetOptions.purge === true),
    pin: (id) => pin(state, id),
    unpin(id) {
      let removed = false;
      for (const slot of slotsOf(state, id)) removed = state.pinned.delete(slot.key) || removed;
      if (removed) persist(state);
      return removed;
    },
    note: (text, noteOptions) => state.store.note(state.scope, text, noteOptions),
    compactAll(compactOptions = {}) {
      settle(state);
      return compactAll(state, compactOptions);
    },
    classStats() {
      settle(state);
      return classBreakdown(state.view);
    },
    counters: () => ({ ...state.counters }),
    events: () => [...state.saved.events],
    save: () => saveUnsaved(state),
    close() {
      // The forms and pins are saved even when storing the last blocks fails.
      try {
        settle(state);
      } finally {
        persistAll(state);
      }
    },
  };
  return garden;
}

/** Stores every pending block (or those a deadline leaves time for); forgotten content becomes stubs. */
function settle(state: GardenState, options?: SettleOptions): SettleResult {
  const result = settleWhere(state, () => true, options);
  stubForgotten(state);
  return result;
}

function observeUsage(state: GardenState, inputTokens: number): void {
  if (!(Number.isFinite(inputTokens) && inputTokens > 0)) return;
  const estimated = state.lastRender?.tokens ?? estimate(state);
  if (estimated > 0) state.anchor = { estimated, actual: inputTokens };
}

/** An entry by id, with its block and form when it is in the transcript (a recall refreshes it). */
function fetch(state: GardenState, id: string, options: InsideOptions | undefined): FetchResult | undefined {
  settle(state);
  const entry = state.store.fetch(id);
  if (!entry) return undefined;
  const asked = options?.query !== undefined || options?.lines !== undefined;
  const inside = asked && entry.kind === 'text' ? { inside: readInside(entry.original, options) } : {};
  const slot = slotsOf(state, entry.id)[0];
  if (slot) {
    state.access.set(slot.key, state.view.turns);
    if (slot.form !== 'original') state.counters.stubsRecalled++;
    return { entry, block: originalBlock(slot, state.store), form: slot.form, ...inside };
  }
  state.store.touch(entry.id);
  if (entry.kind === 'media') return { entry, block: JSON.parse(entry.original) as Block };
  return { entry, ...inside };
}

function createState(options: GardenWithOptions): GardenState {
  const config = resolveGardenConfig(options.config);
  const store = options.store;
  const scope = options.session;
  const tokenizer = options.tokenizer ?? defaultTokenizer();
  const saved = loadState(config.persist ? store : emptyStore, scope);
  return {
    config,
    store,
    scope,
    tokenizer,
    deps: {
      store,
      scope,
      tokenizer,
      classify: options.classify ?? defaultClassify,
      compress: options.compress,
      counters: saved.counters,
      words: config.retrieval,
      releaseOriginals: config.oneShot,
    },
    saved,
    counters: saved.counters,
    pinned: new Set(saved.pinned),
    access: new Map(Object.entries(saved.access)),
    savedForms: new Map(Object.entries(saved.forms)),
    formLog: openFormLog(saved),
    strippedSeen: new Set(),
    budget: checkBudget(options.budget),
    view: emptyView(),
    transcript: undefined,
    fixedTokens: 0,
    fixedKey: undefined,
    anchor: undefined,
    guard: createRegretGuard(),
    lastRender: saved.lastRenderAt === null ? undefined : { at: saved.lastRenderAt, messages: 0, tokens: 0 },
  };
}

/** Stands in for the store's session state when persistence is off. */
const emptyStore = { sessionStateGet: () => undefined } as unknown as Store;

function sync(state: GardenState, transcript: Transcript) {
  const asRead = state.config.oneShot ? settleAsRead(state, transcript) : undefined;
  const { view, result } = syncView(transcript, state.view, {
    ...state.deps,
    savedForms: state.savedForms,
    strippedSeen: state.strippedSeen,
    ...(asRead ? { afterMessage: asRead.afterMessage } : {}),
  });
  state.view = view;
  state.transcript = state.config.oneShot ? takeMessages(view, transcript) : transcript;
  // A door sends the same system prompt and tools every call: counted again only when they change.
  const fixedKey = JSON.stringify([transcript.system ?? null, transcript.tools ?? null]);
  if (fixedKey !== state.fixedKey) state.fixedTokens = countFixed(state.tokenizer, transcript);
  state.fixedKey = fixedKey;
  state.counters.markersStripped += result.stripped;
  const settled = settleOutsideWindow(state, workingWindow(state));
  stubForgotten(state);
  result.pending = view.index.pending.size;
  for (const { byClass } of asRead ? [asRead.result, settled] : [settled])
    for (const [cls, row] of Object.entries(byClass)) {
      const into = (result.byClass[cls] ??= { blocks: 0, tokens: 0 });
      into.blocks += row.blocks;
      into.tokens += row.tokens;
    }
  return result;
}

/** How a render gets each slot's block: a one-shot garden rebuilds those it let go. */
function blockReader(state: GardenState): BlockOf {
  if (!state.config.oneShot) return heldBlock;
  return (slot) => shownBlock(slot, state.store, state.config.retrieval);
}

function synced(state: GardenState): Transcript {
  if (state.transcript === undefined)
    throw new GardenerError('USAGE', 'render() needs a transcript: call sync() first');
  return state.transcript;
}

function render(state: GardenState, inject: boolean): MessagesRequest {
  const transcript = synced(state);
  const { anchor } = state;
  const messages = renderMessages(state.view, blockReader(state));
  const tokens = estimate(state);
  let injected = 0;
  if (inject) {
    const room = Math.floor((state.budget - calibrate(tokens, anchor)) / scale(anchor));
    const injection = turnInjection({
      view: state.view,
      mode: state.config.inject,
      maxTokens: Math.min(state.config.injectMaxTokens, room),
      store: state.store,
      scope: state.scope,
      tokenizer: state.tokenizer,
      words: state.config.retrieval,
    });
    if (injection) {
      messages[messages.length - 1] = appendInjection(messages[messages.length - 1]!, injection.text);
      injected = injection.tokens;
    }
  }
  rendered(state, tokens, injected);
  return withHead(transcript, messages);
}

function renderEach(state: GardenState): StreamedRequest {
  const transcript = synced(state);
  rendered(state, estimate(state), 0);
  return withHead(transcript, eachMessage(state.view, blockReader(state)));
}

/** What a render counts and records. */
function rendered(state: GardenState, tokens: number, injected: number): void {
  const { counters } = state;
  counters.renders++;
  counters.tokensSaved += Math.max(0, originalEstimate(state) - tokens);
  counters.injectedTokens += injected;
  state.lastRender = {
    at: state.config.now(),
    messages: state.view.messages.length,
    tokens: tokens + injected,
  };
}

/** The request around rendered messages: the transcript's other fields, system prompt and tools. */
function withHead<M extends Iterable<MessageParam>>(
  transcript: Transcript,
  messages: M,
): StreamedRequest & { messages: M } {
  const request: StreamedRequest & { messages: M } = { ...(transcript.extra ?? {}), messages };
  if (transcript.system !== undefined) request.system = transcript.system;
  if (transcript.tools !== undefined) request.tools = transcript.tools;
  return request;
}

function pressure(state: GardenState) {
  const window = workingWindow(state);
  const tokens = estimate(state);
  const figures = budgetFigures(state.view, state.fixedTokens, state.budget, window, state.pinned);
  return pressureReport({
    view: state.view,
    budget: state.budget,
    highWater: state.config.highWater,
    lowWater: state.config.lowWater,
    fixedTokens: state.fixedTokens,
    renderedTokens: tokens,
    calibratedTokens: calibrate(tokens, state.anchor),
    calibrated: state.anchor !== undefined,
    originalTokens: originalEstimate(state),
    protectedTokens: figures.protected,
    candidates: eligibleSteps(state.view, stepContext(state, window)),
    counters: state.counters,
    guard: state.guard,
    lastEvent: state.saved.events[state.saved.events.length - 1],
  });
}

/** Why an id has no slot to change: known to the store but not in this transcript, or unknown. */
function absent(state: GardenState, id: string): ChangeResult {
  return { changed: 0, reason: state.store.fetch(id) ? 'not in context' : 'unknown' };
}

function recallIntoContext(state: GardenState, id: string): ChangeResult {
  const slots = slotsOf(state, id);
  if (slots.length === 0) return absent(state, id);
  for (const slot of slots) state.access.set(slot.key, state.view.turns);
  const forms = new Map(
    slots.filter((s) => s.form !== 'original').map((s): [string, Form] => [s.key, 'original']),
  );
  const event = applyEvent(state, 'recall', forms);
  if (!event) return { changed: 0, reason: 'already' };
  state.counters.stubsRecalled += forms.size;
  return { changed: event.changed, event };
}

function forget(state: GardenState, id: string, purge: boolean): ChangeResult {
  const slots = slotsOf(state, id);
  if (purge) state.store.forget(slots[0]?.entryId ?? id);
  if (slots.length === 0) return absent(state, id);
  const window = workingWindow(state);
  const open = slots.filter((s) => protection(s, window, state.pinned) === undefined);
  if (open.length === 0) return { changed: 0, reason: 'protected' };
  const forms = withReattachedMedia(state.view, new Map(open.map((s) => [s.key, 'stub'])), window.start);
  const event = applyEvent(state, 'forget', forms);
  return event ? { changed: event.changed, event } : { changed: 0, reason: 'already' };
}

/** Content the user forgot before and that arrived again stays forgotten: a stub, once outside the window. */
function stubForgotten(state: GardenState): void {
  const forgotten = inTranscriptOrder(state.view.index.forgotten).filter((s) => s.form !== 'stub');
  if (forgotten.length === 0) return;
  const window = workingWindow(state);
  const open = forgotten.filter((s) => protection(s, window, state.pinned) === undefined);
  if (open.length === 0) return;
  applyEvent(
    state,
    'forget',
    withReattachedMedia(state.view, new Map(open.map((s) => [s.key, 'stub'])), window.start),
  );
}

function pin(state: GardenState, id: string): ChangeResult {
  const slots = slotsOf(state, id);
  if (slots.length === 0) return absent(state, id);
  for (const slot of slots) state.pinned.add(slot.key);
  const event = applyEvent(
    state,
    'pin',
    new Map(slots.filter((s) => s.form !== 'original').map((s): [string, Form] => [s.key, 'original'])),
  );
  persist(state);
  return event ? { changed: event.changed, event } : { changed: 0, reason: 'already' };
}

/** Every eligible block of at least `minTokens` to its summary, in one event. */
function compactAll(state: GardenState, options: CompactAllOptions): ChangeResult {
  const { minTokens = 0, keepLastTurns, firstSend = false } = options;
  const window = firstSend
    ? { start: state.view.messages.length, maxTokens: Number.POSITIVE_INFINITY }
    : keepLastTurns === undefined
      ? workingWindow(state)
      : {
          start: windowStart(state.view, keepLastTurns, () => 0, Number.POSITIVE_INFINITY),
          maxTokens: Number.POSITIVE_INFINITY,
        };
  const pays = firstSend ? summaryAtFirstSend : (original: number, summary: number) => summary < original;
  const forms = new Map<string, Form>();
  for (const slot of state.view.all) {
    if (slot.form !== 'original' || !hasForm(slot, 'summary') || slot.textTokens < minTokens) continue;
    if (protection(slot, window, state.pinned) !== undefined) continue;
    if (pays(slotTokens(slot, 'original'), slotTokens(slot, 'summary'))) forms.set(slot.key, 'summary');
  }
  const event = applyEvent(state, 'compact-all', forms);
  return event ? { changed: event.changed, event } : { changed: 0, reason: 'already' };
}

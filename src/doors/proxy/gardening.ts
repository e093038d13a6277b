import type { IncomingHttpHeaders } from 'node:http';
import type { DoorSession, NextRequest } from '../kit/session.js';
import { debug } from '../../debug.js';
import type { Form } from '../../core/garden/constants.js';
import type { Scope } from '../../core/store/index.js';
import { defaultTokenizer, type Tokenizer } from '../../core/tokens/index.js';
import type { MessagesRequest } from '../../core/transcript/index.js';
import { takeBreakpoints, type Taken } from './cache-breakpoints.js';
import {
  applyMarks,
  billsCost,
  createCacheTrack,
  modelOf,
  originalUnits,
  placeBreakpoints,
  recordRequest,
  type CacheTrack,
  type ClientMark,
} from '../../core/cache/index.js';
import { createBodyParser, type BodyParser } from './body-parse.js';
import { createConversations, type ConversationOptions, type Conversations } from './conversations.js';
import { identify } from './identity.js';
import type { RequestRecord } from './records.js';
import { createMessageBytes, createRequestBytes, type RequestBytes } from './request-bytes.js';
import { createSharedBodies, type SharedBodies } from './shared-body.js';
import { adoptMatched } from './reuse.js';
import { toTranscript } from './transcript.js';
import type { ModelledBills } from '../../core/cache/index.js';
import { requestWindow } from './unmanaged.js';
import { inputTotal, type Usage } from './usage.js';

export type ProxyGardenerOptions = ConversationOptions & {
  /** True while a request waits for this gardener or is on its way upstream: settling holds meanwhile. */
  requestWaiting?: () => boolean;
};

/** A request body as it goes upstream, and what gardening did to it (fields of the request's record). */
export interface Gardened {
  body: Buffer;
  record: Pick<
    RequestRecord,
    | 'session'
    | 'clientSession'
    | 'project'
    | 'model'
    | 'gardened'
    | 'failOpen'
    | 'gardenMs'
    | 'gardenCpuMs'
    | 'phases'
    | 'rawTokens'
    | 'sentTokens'
    | 'budget'
    | 'event'
    | 'overBudget'
    | 'costGuard'
    | 'byClass'
    | 'byForm'
    | 'rawOverWindow'
  >;
  /** The session that rendered it (absent when the original went out). */
  session?: DoorSession;
  /** The cache model's bill of the request as the client sent it and as it went out (not for count_tokens). */
  modelled?: ModelledBills;
  /**
   * The pricing left for after the bytes went back (the request does not wait for it): bills both
   * sides under the cache model, reports them to the session's regret guard and sets `modelled`.
   * Call it once, before the conversation's next request (the guard reads it there).
   */
  price?: () => ModelledBills | undefined;
  /**
   * When `body` is on shared memory kept for the conversation's next body: 1 until the caller
   * stores 0, once it will not send the bytes again (the memory is written over after that).
   */
  inUse?: Int32Array;
}

/** Why a conversation goes out as it came: the upstream refused a thinking block gardener had changed. */
const PASSING_THROUGH =
  'the upstream refused a thinking block bound to what gardener changed: this conversation goes out as the client sends it';

/** The proxy's door to the engine: one garden per conversation, opened through the door kit's pool. */
export interface ProxyGardener {
  /** Gardens a `/v1/messages` body; never throws: on any failure the original bytes go out. */
  garden(raw: Buffer, headers: IncomingHttpHeaders): Gardened;
  /** The same rendering for `count_tokens`, only for a conversation the proxy already gardens. */
  gardenCount(raw: Buffer, headers: IncomingHttpHeaders): Gardened;
  /**
   * The provider's usage for a gardened request: calibrates that session's pressure; returns the
   * cache model's bill of the request, raw and sent, made when it went out (the record's `modelled`).
   */
  observe(gardened: Gardened, usage: Usage): Pick<RequestRecord, 'modelled'>;
  /** Stores the request's new blocks off the event loop, after it was forwarded. */
  settle(gardened: Gardened): void;
  /**
   * The upstream refused a gardened request for a thinking block bound to what gardener changed: its
   * conversation goes out as the client sends it from now on (said in the log).
   */
  refused(gardened: Gardened): void;
  /** Forgets a conversation gardened elsewhere now (another thread): its garden, messages and kept body. */
  retire(scope: Scope): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** What the proxy's gardening keeps between requests. */
interface Gardening {
  conversations: Conversations;
  tokenizer: Tokenizer;
  tracks: WeakMap<DoorSession, CacheTrack>;
  /** What was taken off each conversation's last request (its breakpoints), to take the next one's from. */
  taken: WeakMap<DoorSession, Taken>;
  parser: BodyParser;
  /** Serialises a rendered request, reusing each unchanged message's bytes. */
  bytes: RequestBytes;
  /** The same on shared memory, written over the conversation's last body from its first new message. */
  shared: SharedBodies;
}

/** A Messages request as the proxy gardens it. */
interface Request {
  raw: Buffer;
  body: Json;
  scope: Scope;
  base: Gardened['record'];
  headers: IncomingHttpHeaders;
  /** A count_tokens body: rendered, not cached, not billed. */
  count: boolean;
}

export function createProxyGardener(options: ProxyGardenerOptions): ProxyGardener {
  const tokenizer = options.tokenizer ?? defaultTokenizer();
  const messageBytes = createMessageBytes();
  const gardening: Gardening = {
    conversations: createConversations(options),
    tokenizer,
    tracks: new WeakMap(),
    taken: new WeakMap(),
    parser: createBodyParser(),
    bytes: createRequestBytes(messageBytes),
    shared: createSharedBodies(messageBytes),
  };
  return {
    garden: (raw, headers) => gardenMessages(gardening, raw, headers),
    gardenCount: (raw, headers) => gardenCount(gardening, raw, headers),
    observe(gardened, usage) {
      const total = inputTotal(usage);
      if (gardened.session && total > 0) gardened.session.garden.observeUsage(total);
      return gardened.modelled ? { modelled: gardened.modelled } : {};
    },
    settle(gardened) {
      void gardened.session?.settleSoon(options.requestWaiting).then((report) => {
        if (report.error)
          debug('proxy', 'settling failed; blocks stay pending', { error: describe(report.error) });
      });
    },
    refused(gardened) {
      if (!gardened.session) return;
      debug(
        'proxy',
        'the upstream refused a thinking block bound to what gardener changed; the conversation goes out as the client sends it from now on',
        { session: gardened.session.scope.session },
      );
      gardened.session.garden.bindingRefused('pass-through');
    },
    retire(scope) {
      gardening.conversations.retire(scope);
      gardening.parser.forget(scope.session);
      gardening.shared.forget(conversationKey(scope));
    },
    close: () => gardening.conversations.close(),
  };
}

function gardenMessages(gardening: Gardening, raw: Buffer, headers: IncomingHttpHeaders): Gardened {
  const parseStarted = performance.now();
  const parsed = gardening.parser.parse(raw);
  if (typeof parsed === 'string') return passThrough(raw, parsed);
  const { body } = parsed;
  let base: Gardened['record'] = { gardened: false, phases: { parse: performance.now() - parseStarted } };
  try {
    const who = identify(body, headers);
    gardening.parser.keep(who.session, raw, parsed);
    const count = (body['messages'] as unknown[]).length;
    debug('proxy', 'body parsed', { session: who.session, messages: count, reused: parsed.reused });
    const scope = gardening.conversations.scopeOf(who.session, who.cwd);
    base = {
      ...base,
      gardened: false,
      session: who.session,
      project: scope.project,
      ...(who.clientSession ? { clientSession: who.clientSession } : {}),
      ...(typeof body['model'] === 'string' ? { model: body['model'] } : {}),
    };
    gardening.conversations.remember(who.conversation, scope);
    return render(gardening, { raw, body, scope, base, headers, count: false });
  } catch (error) {
    return passThrough(raw, `gardening failed: ${describe(error)}`, base);
  }
}

/** The same rendering for `count_tokens`, only for a conversation the proxy already gardens. */
function gardenCount(gardening: Gardening, raw: Buffer, headers: IncomingHttpHeaders): Gardened {
  const parsed = gardening.parser.parse(raw);
  if (typeof parsed === 'string') return passThrough(raw, parsed);
  const { body } = parsed;
  try {
    const scope = gardening.conversations.find(identify(body, headers).conversation);
    if (!scope) return passThrough(raw, 'conversation not gardened by this proxy');
    const base = { gardened: false, session: scope.session, project: scope.project };
    return render(gardening, { raw, body, scope, base, headers, count: true });
  } catch (error) {
    return passThrough(raw, `gardening failed: ${describe(error)}`);
  }
}

function passThrough(
  raw: Buffer,
  reason: string,
  record: Gardened['record'] = { gardened: false },
): Gardened {
  debug('proxy', 'request passed through unchanged', { reason, session: record.session });
  return { body: raw, record: { ...record, gardened: false, failOpen: reason } };
}

function render(gardening: Gardening, request: Request): Gardened {
  const { raw, body, scope, base, headers } = request;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const phases = { ...base.phases };
  const session = gardening.conversations.session(scope, body['tools']);
  if (session.garden.passesThrough()) return passThrough(raw, PASSING_THROUGH, base);
  const taken = takeBreakpoints(body['messages'] as never, gardening.taken.get(session));
  gardening.taken.set(session, taken);
  const messages = gardening.conversations.reuse(scope, taken.messages);
  adoptMatched(body['messages'] as unknown[], taken.messages, messages);
  const transcript = toTranscript({ ...body, messages }, scope.session);
  const injectedBefore = session.garden.counters().injectedTokens;
  const matched = performance.now();
  phases.match = matched - started;
  const outcome = session.nextOrOriginal(transcript);
  phases.engine = performance.now() - matched;
  if (!outcome.gardened) return passThrough(raw, `gardening failed: ${describe(outcome.error)}`, base);
  // The client's breakpoints go back on, gardener's beside them, in outgoing().
  const rendered = outcome.request;
  // Nothing shortened and nothing injected: the client's own bytes go out, exactly as they came.
  const untouched =
    outcome.pressure.by_form.summary.count === 0 &&
    outcome.pressure.by_form.stub.count === 0 &&
    session.garden.counters().injectedTokens === injectedBefore;
  const sending = { rendered, marks: taken.breakpoints, untouched };
  const { out, price, inUse } = outgoing(gardening, session, request, sending, phases);
  const record = gardenedRecord(outcome, base, requestWindow(base.model, headers['anthropic-beta']));
  record.phases = phases;
  record.gardenMs = performance.now() - started;
  record.gardenCpuMs = cpuMs(process.cpuUsage(cpu));
  const gardened: Gardened = { body: out, session, record, ...(inUse ? { inUse } : {}) };
  if (price)
    gardened.price = () => {
      gardened.price = undefined;
      const modelled = price();
      if (modelled) gardened.modelled = modelled;
      return modelled;
    };
  return gardened;
}

/** A rendered request, the client's breakpoints taken off its body, and whether it changed nothing. */
interface Sending {
  rendered: MessagesRequest;
  marks: readonly ClientMark[];
  untouched: boolean;
}

/**
 * What goes upstream for a Messages request: the client's breakpoints back on and gardener's placed
 * under the cache model (the core's one placer). Pricing both sides for the session's regret guard
 * is left to `price`, once the bytes are on their way. A count_tokens body is not cached: as rendered.
 */
function outgoing(
  gardening: Gardening,
  session: DoorSession,
  request: Request,
  { rendered, marks, untouched }: Sending,
  phases: NonNullable<Gardened['record']['phases']>,
): { out: Buffer; price?: () => ModelledBills | undefined; inUse?: Int32Array } {
  const { raw, body } = request;
  if (request.count) return { out: untouched ? raw : gardening.bytes(applyMarks(rendered, marks)) };
  let track = gardening.tracks.get(session);
  if (!track) gardening.tracks.set(session, (track = createCacheTrack()));
  const at = Date.now();
  const started = performance.now();
  const { tokenizer } = gardening;
  const placed = untouched ? undefined : placeBreakpoints(rendered, marks, track, { tokenizer, at });
  const priced = performance.now();
  phases.pricing = priced - started;
  const shared = placed && gardening.shared.write(conversationKey(request.scope), placed.request);
  const out = shared ? shared.bytes : placed ? gardening.bytes(placed.request) : raw;
  phases.bytes = performance.now() - priced;
  const price = (): ModelledBills | undefined => {
    try {
      const model = modelOf(body as unknown as MessagesRequest);
      const original = originalUnits(track, body as unknown as MessagesRequest, gardening.tokenizer);
      const modelled = recordRequest(track, placed ? placed.units : original, original, at, model);
      session.garden.observeCost(billsCost(modelled, model));
      return modelled;
    } catch (error) {
      // A request the model cannot bill (more breakpoints than it allows) claims nothing.
      debug('proxy', 'cache model could not bill the request', { error: describe(error) });
      return undefined;
    }
  };
  return { out, price, ...(shared ? { inUse: shared.inUse } : {}) };
}

/** A conversation's key among the shared bodies. */
function conversationKey(scope: Scope): string {
  return `${scope.project}\0${scope.session}`;
}

/** The record of a gardened request: its pressure by class and form, its budget, its event. */
function gardenedRecord(outcome: NextRequest, base: Gardened['record'], window: number): Gardened['record'] {
  const { pressure, event } = outcome;
  const byForm: Record<string, number> = {};
  for (const [form, row] of Object.entries(pressure.by_form) as Array<[Form, { tokens: number }]>)
    byForm[form] = row.tokens;
  const byClass: Record<string, number> = { fixed: pressure.fixed_tokens };
  for (const [cls, row] of Object.entries(pressure.by_class)) byClass[cls] = row.rendered;
  return {
    ...base,
    gardened: true,
    rawTokens: pressure.total_original_tokens,
    sentTokens: pressure.rendered_tokens,
    budget: pressure.budget,
    ...(outcome.impossible ? { overBudget: true } : {}),
    ...(pressure.total_original_tokens > window ? { rawOverWindow: true } : {}),
    costGuard: {
      managed: pressure.cost_guard.managed_cost,
      unmanaged: pressure.cost_guard.unmanaged_cost,
      stopped: pressure.cost_guard.profit_events === 'stopped',
    },
    byClass,
    byForm,
    ...(event
      ? {
          event: {
            kind: event.kind,
            changed: event.changed,
            tokensBefore: event.tokensBefore,
            tokensAfter: event.tokensAfter,
          },
        }
      : {}),
  };
}

/** CPU time of a cpuUsage() delta, in milliseconds (wall time also counts waiting for a busy CPU). */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

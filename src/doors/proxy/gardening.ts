import type { IncomingHttpHeaders } from 'node:http';
import type { DoorSession } from '../kit/session.js';
import { debug } from '../../debug.js';
import type { Form } from '../../core/garden/index.js';
import type { Scope } from '../../core/store/index.js';
import { requestUnits } from '../../core/cache/index.js';
import { defaultTokenizer } from '../../core/tokens/index.js';
import type { MessagesRequest } from '../../core/transcript/index.js';
import { restoreBreakpoints, takeBreakpoints } from './cache-breakpoints.js';
import { createCacheTrack, placeFrontier, recordRequest, type CacheTrack } from '../../core/cache/index.js';
import { createConversations, type ConversationOptions } from './conversations.js';
import { identify } from './identity.js';
import type { RequestRecord } from './records.js';
import { toTranscript } from './transcript.js';
import type { ModelledBills } from '../../core/cache/index.js';
import { usageCost } from '../../core/cache/index.js';
import { requestWindow } from './unmanaged.js';
import { inputTotal, type Usage } from './usage.js';

export type ProxyGardenerOptions = ConversationOptions;

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
}

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
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export function createProxyGardener(options: ProxyGardenerOptions): ProxyGardener {
  const conversations = createConversations(options);
  const tokenizer = options.tokenizer ?? defaultTokenizer();
  const tracks = new WeakMap<DoorSession, CacheTrack>();

  /**
   * What goes upstream for a Messages request: gardener's breakpoint placed under the cache model,
   * and both sides priced for the session's regret guard. A count_tokens body is not cached: as rendered.
   */
  const outgoing = (
    session: DoorSession,
    raw: Buffer,
    body: Json,
    rendered: MessagesRequest,
    untouched: boolean,
    count: boolean,
  ): { out: Buffer; modelled?: ModelledBills } => {
    if (count) return { out: untouched ? raw : Buffer.from(JSON.stringify(rendered)) };
    let track = tracks.get(session);
    if (!track) tracks.set(session, (track = createCacheTrack()));
    const at = Date.now();
    const original = requestUnits(body as unknown as MessagesRequest, tokenizer);
    const placed = untouched
      ? { request: rendered, units: original }
      : placeFrontier(rendered, track, tokenizer, at);
    const out = untouched ? raw : Buffer.from(JSON.stringify(placed.request));
    let modelled: ModelledBills;
    try {
      modelled = recordRequest(track, placed.units, original, at);
    } catch (error) {
      // A request the model cannot bill (more breakpoints than it allows) claims nothing.
      debug('proxy', 'cache model could not bill the request', { error: describe(error) });
      return { out };
    }
    session.garden.observeCost({ managed: usageCost(modelled.sent), unmanaged: usageCost(modelled.raw) });
    return { out, modelled };
  };

  const passThrough = (
    raw: Buffer,
    reason: string,
    record: Gardened['record'] = { gardened: false },
  ): Gardened => {
    debug('proxy', 'request passed through unchanged', { reason, session: record.session });
    return { body: raw, record: { ...record, gardened: false, failOpen: reason } };
  };

  const render = (
    raw: Buffer,
    body: Json,
    scope: Scope,
    base: Gardened['record'],
    headers: IncomingHttpHeaders,
    count = false,
  ): Gardened => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const session = conversations.session(scope, body['tools']);
    const taken = takeBreakpoints(body['messages'] as never);
    const messages = conversations.reuse(scope, taken.messages);
    const transcript = toTranscript({ ...body, messages }, scope.session);
    const injectedBefore = session.garden.counters().injectedTokens;
    const outcome = session.nextOrOriginal(transcript);
    if (!outcome.gardened) return passThrough(raw, `gardening failed: ${describe(outcome.error)}`, base);
    // The client's breakpoints; gardener's own goes on in outgoing().
    const request = restoreBreakpoints(outcome.request, taken.breakpoints);
    const byForm: Record<string, number> = {};
    for (const [form, row] of Object.entries(outcome.pressure.by_form) as Array<[Form, { tokens: number }]>)
      byForm[form] = row.tokens;
    const byClass: Record<string, number> = { fixed: outcome.pressure.fixed_tokens };
    for (const [cls, row] of Object.entries(outcome.pressure.by_class)) byClass[cls] = row.rendered;
    // Nothing shortened and nothing injected: the client's own bytes go out, exactly as they came.
    const untouched =
      outcome.pressure.by_form.summary.count === 0 &&
      outcome.pressure.by_form.stub.count === 0 &&
      session.garden.counters().injectedTokens === injectedBefore;
    const { out, modelled } = outgoing(session, raw, body, request, untouched, count);
    const window = requestWindow(base.model, headers['anthropic-beta']);
    return {
      body: out,
      session,
      ...(modelled ? { modelled } : {}),
      record: {
        ...base,
        gardened: true,
        gardenMs: performance.now() - started,
        gardenCpuMs: cpuMs(process.cpuUsage(cpu)),
        rawTokens: outcome.pressure.total_original_tokens,
        sentTokens: outcome.pressure.rendered_tokens,
        budget: outcome.pressure.budget,
        ...(outcome.impossible ? { overBudget: true } : {}),
        ...(outcome.pressure.total_original_tokens > window ? { rawOverWindow: true } : {}),
        costGuard: {
          managed: outcome.pressure.cost_guard.managed_cost,
          unmanaged: outcome.pressure.cost_guard.unmanaged_cost,
          stopped: outcome.pressure.cost_guard.profit_events === 'stopped',
        },
        byClass,
        byForm,
        ...(outcome.event
          ? {
              event: {
                kind: outcome.event.kind,
                changed: outcome.event.changed,
                tokensBefore: outcome.event.tokensBefore,
                tokensAfter: outcome.event.tokensAfter,
              },
            }
          : {}),
      },
    };
  };

  const parse = (raw: Buffer): Json | string => {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return 'body is not JSON';
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not a JSON object';
    if (!Array.isArray((body as Json)['messages'])) return 'body has no messages array';
    return body as Json;
  };

  return {
    garden(raw, headers) {
      const body = parse(raw);
      if (typeof body === 'string') return passThrough(raw, body);
      let base: Gardened['record'] = { gardened: false };
      try {
        const who = identify(body, headers);
        const scope = conversations.scopeOf(who.session, who.cwd);
        base = {
          gardened: false,
          session: who.session,
          project: scope.project,
          ...(who.clientSession ? { clientSession: who.clientSession } : {}),
          ...(typeof body['model'] === 'string' ? { model: body['model'] } : {}),
        };
        conversations.remember(who.conversation, scope);
        return render(raw, body, scope, base, headers);
      } catch (error) {
        return passThrough(raw, `gardening failed: ${describe(error)}`, base);
      }
    },
    gardenCount(raw, headers) {
      const body = parse(raw);
      if (typeof body === 'string') return passThrough(raw, body);
      try {
        const scope = conversations.find(identify(body, headers).conversation);
        if (!scope) return passThrough(raw, 'conversation not gardened by this proxy');
        return render(
          raw,
          body,
          scope,
          { gardened: false, session: scope.session, project: scope.project },
          headers,
          true,
        );
      } catch (error) {
        return passThrough(raw, `gardening failed: ${describe(error)}`);
      }
    },
    observe(gardened, usage) {
      const total = inputTotal(usage);
      if (gardened.session && total > 0) gardened.session.garden.observeUsage(total);
      return gardened.modelled ? { modelled: gardened.modelled } : {};
    },
    settle(gardened) {
      void gardened.session?.settleSoon().then((report) => {
        if (report.error)
          debug('proxy', 'settling failed; blocks stay pending', { error: describe(report.error) });
      });
    },
    close: () => conversations.close(),
  };
}

/** CPU time of a cpuUsage() delta, in milliseconds (wall time also counts waiting for a busy CPU). */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

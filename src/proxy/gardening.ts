import type { IncomingHttpHeaders } from 'node:http';
import type { DoorSession } from '../door/session.js';
import { debug } from '../debug.js';
import type { Form } from '../garden/types.js';
import type { Scope } from '../store/types.js';
import { withFrontierBreakpoint } from '../provider/cache-breakpoints.js';
import { restoreBreakpoints, takeBreakpoints } from './cache-breakpoints.js';
import { createConversations, type ConversationOptions } from './conversations.js';
import { identify } from './identity.js';
import type { RequestRecord } from './records.js';
import { toTranscript } from './transcript.js';
import { createTwinCaches, twinUnits, type TwinUnits } from '../garden/cache-twins.js';
import { requestWindow } from './unmanaged.js';
import { inputTotal, type Usage } from './usage.js';
import type { MessagesRequest } from '../transcript/types.js';

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
    | 'byClass'
    | 'byForm'
    | 'rawOverWindow'
  >;
  /** The session that rendered it (absent when the original went out). */
  session?: DoorSession;
  /** The request as the cache model sees it, raw and sent, billed once the answer came. */
  units?: TwinUnits;
}

/** The proxy's door to the engine: one garden per conversation, opened through the door kit's pool. */
export interface ProxyGardener {
  /** Gardens a `/v1/messages` body; never throws: on any failure the original bytes go out. */
  garden(raw: Buffer, headers: IncomingHttpHeaders): Gardened;
  /** The same rendering for `count_tokens`, only for a conversation the proxy already gardens. */
  gardenCount(raw: Buffer, headers: IncomingHttpHeaders): Gardened;
  /**
   * The provider's usage for a gardened request: calibrates that session's pressure, and bills the
   * request raw and sent through the cache model (the record's `modelled`).
   */
  observe(gardened: Gardened, usage: Usage, at: number): Pick<RequestRecord, 'modelled'>;
  /** Stores the request's new blocks off the event loop, after it was forwarded. */
  settle(gardened: Gardened): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export function createProxyGardener(options: ProxyGardenerOptions): ProxyGardener {
  const conversations = createConversations(options);
  const twins = createTwinCaches();

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
    billed: boolean,
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
    // The client's breakpoints, and one at the compaction frontier when there is room for it.
    const request = withFrontierBreakpoint(restoreBreakpoints(outcome.request, taken.breakpoints));
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
    const out = untouched ? raw : Buffer.from(JSON.stringify(request));
    const window = requestWindow(base.model, headers['anthropic-beta']);
    return {
      body: out,
      session,
      ...(billed
        ? { units: twinUnits(body as unknown as MessagesRequest, untouched ? undefined : request) }
        : {}),
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
        return render(raw, body, scope, base, headers, true);
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
          false,
        );
      } catch (error) {
        return passThrough(raw, `gardening failed: ${describe(error)}`);
      }
    },
    observe(gardened, usage, at) {
      const total = inputTotal(usage);
      if (gardened.session && total > 0) gardened.session.garden.observeUsage(total);
      const session = gardened.record.session;
      if (!gardened.units || session === undefined) return {};
      try {
        return { modelled: twins.bill(session, gardened.units, at) };
      } catch (error) {
        // A request the model cannot bill (more breakpoints than it allows) claims nothing.
        debug('proxy', 'cache model could not bill the request', { error: describe(error) });
        return {};
      }
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

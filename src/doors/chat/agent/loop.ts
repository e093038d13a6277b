import { debug } from '../../../debug.js';
import { contextWindowOf } from '../../kit/provider/prices.js';
import type { Provider, ProviderRequest, ProviderResult } from '../../kit/provider/types.js';
import type { DoorSession } from '../../kit/session.js';
import { isGardenerError } from '../../../errors.js';
import { isBindingError } from '../../../core/binding/index.js';
import { budgetError } from '../../../core/garden/index.js';
import { DEFAULT_KEEP_LAST_TURNS } from '../../../core/garden/constants.js';
import type { PressureReport } from '../../../core/garden/constants.js';
import {
  createCacheTrack,
  type CacheTrack,
  type ClientMark,
  type ModelledBills,
} from '../../../core/cache/index.js';
import { sendWithCacheTrack } from './cache-send.js';
import type { MessageParam, MessagesRequest, Transcript } from '../../../core/transcript/index.js';
import type { ApprovalPolicy } from './approvals.js';
import { appendPrompt, assistantContent, textOf, toParam, toolUses } from './conversation.js';
import { promptTokens, type CostTracker, type ModelledCall } from './cost.js';
import type { AgentEvent } from './events.js';
import { modelCall } from './model-call.js';
import { compactAfterOverflow, overflowOf } from './overflow.js';
import { toolRound } from './tool-round.js';
import type { AnyTool } from './tools/types.js';

/** A turn that keeps calling tools stops after this many model calls. */
export const MAX_CALLS_PER_TURN = 500;

export interface LoopDeps {
  /** The session's engine; replaced when a stale saved state is recovered. */
  session: DoorSession;
  /** The model provider (src/doors/kit/provider), decorators and all. */
  provider: Provider;
  tools: readonly AnyTool[];
  approvals: ApprovalPolicy;
  cost: CostTracker;
  cwd: string;
  /** The transcript: system, tools and request fields (model, max_tokens…) in `extra`; messages grow. */
  transcript: Transcript;
  /** Places the chat's own prompt-cache breakpoints (system, tools); cache-send.ts adds the rest. */
  marks(request: MessagesRequest, conversation: readonly MessageParam[]): ClientMark[];
  /** The session's prompt cache as the core's model sees it (made on the first call). */
  cacheTrack?: CacheTrack;
  /** Persists the transcript (after each change). */
  save(): void;
  /**
   * When gardening fails: a fresh session (stored state dropped) to retry with once, and why; or
   * undefined to send the request as it is (fail-safe).
   */
  recover?(error: unknown): { session: DoorSession; message: string } | undefined;
  /** Model calls so far in the session (numbers the `request` events). */
  calls: number;
  /** The request could not fit the budget and the user was told (once per session). */
  overBudgetSaid?: boolean;
  /** Told the figures of each gardened request (benchmarks, debug log). */
  onGardened?(figures: GardenedFigures): void;
}

/** What gardening one request took: sync + plan + render time, and the request's estimated tokens. */
export interface GardenedFigures {
  ms: number;
  tokens: number;
  event: boolean;
}

/** What one call sends: the request and the figures the cost tracker needs. */
interface Outgoing {
  request: ProviderRequest;
  pressure: PressureReport | undefined;
  tokens: number;
  /** The cache model's bills of the request, unmanaged and as sent (absent when it could not bill it). */
  bills?: ModelledBills;
}

class Interrupted extends Error {}

/** One user turn, as events: model calls and tool rounds until the model stops, or the signal aborts. */
export async function* runTurn(
  deps: LoopDeps,
  prompt: string,
  signal: AbortSignal,
): AsyncGenerator<AgentEvent> {
  const { messages } = deps.transcript;
  appendPrompt(messages, prompt);
  deps.save();
  let answer = '';
  try {
    for (let call = 0; call < MAX_CALLS_PER_TURN; call++) {
      const streamed = { text: '' };
      let result: ProviderResult;
      try {
        result = yield* callModel(deps, signal, streamed);
      } catch (error) {
        if (!(error instanceof Interrupted) && !signal.aborted) throw error;
        messages.push({
          role: 'assistant',
          content: [{ type: 'text', text: `${streamed.text}\n[interrupted by the user]`.trim() }],
        });
        deps.save();
        yield { type: 'turn_end', stopReason: 'interrupted', answer: streamed.text };
        return;
      }
      const stopReason = result.stopReason ?? 'end_turn';
      const content = assistantContent(result.content.map(toParam), stopReason);
      messages.push({ role: 'assistant', content });
      answer = textOf(content);
      if (stopReason === 'pause_turn') continue;
      const calls = toolUses(content);
      if (calls.length === 0) {
        deps.save();
        yield { type: 'turn_end', stopReason, answer };
        return;
      }
      const blocks = yield* toolRound(calls, deps.tools, deps.approvals, {
        cwd: deps.cwd,
        signal,
        session: deps.session,
      });
      messages.push({ role: 'user', content: blocks });
      deps.save();
      if (signal.aborted) {
        yield { type: 'turn_end', stopReason: 'interrupted', answer };
        return;
      }
    }
    yield {
      type: 'error',
      message: `stopped after ${MAX_CALLS_PER_TURN} model calls in one turn`,
      code: 'USAGE',
    };
    yield { type: 'turn_end', stopReason: 'max_calls', answer };
  } catch (error) {
    yield {
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      code: isGardenerError(error) ? error.code : 'INTERNAL',
    };
    yield { type: 'turn_end', stopReason: 'error', answer };
  }
}

/** Gardens the transcript, streams the call, and handles one overflow with one forced compaction. */
async function* callModel(
  deps: LoopDeps,
  signal: AbortSignal,
  streamed: { text: string },
): AsyncGenerator<AgentEvent, ProviderResult> {
  let outgoing = yield* gardened(deps);
  let overflowed = false;
  let refused = false;
  for (;;) {
    deps.calls++;
    if (outgoing.pressure) yield { type: 'request', call: deps.calls, pressure: outgoing.pressure };
    void deps.session.settleSoon();
    let result: ProviderResult;
    try {
      result = yield* modelCall(deps.provider, outgoing.request, outgoing.pressure, signal, streamed);
    } catch (error) {
      if (signal.aborted) throw new Interrupted();
      if (!refused && error instanceof Error && isBindingError(error.message)) {
        // A thinking block bound to something changed (the engine's own check should prevent it):
        // every thinking block kept so far is left out for good, and the call is made once more.
        refused = true;
        deps.session.garden.bindingRefused('leave-out');
        yield {
          type: 'error',
          message: `the API refused a thinking block bound to an earlier form of the conversation; earlier reasoning is left out and the request sent again`,
          code: 'PROVIDER',
        };
        outgoing = yield* gardened(deps);
        continue;
      }
      const figures = overflowOf(error);
      if (!figures || overflowed) throw error;
      overflowed = true;
      const next = compactAfterOverflow(deps.session, deps.transcript, { tokens: outgoing.tokens }, figures);
      if (next.event)
        yield {
          type: 'compaction',
          event: next.event,
          reason: `overflow: ${figures.tokens} tokens > ${figures.maximum} maximum`,
        };
      const sent = send(deps, next.request);
      outgoing = {
        request: asProviderRequest(sent.request),
        ...(sent.bills ? { bills: sent.bills } : {}),
        pressure: next.pressure,
        tokens: next.plan.tokens,
      };
      continue;
    }
    const { garden } = deps.session;
    garden.observeUsage(promptTokens(result.usage));
    const cost = deps.cost.add(result.usage, modelledCall(outgoing));
    yield { type: 'usage', usage: result.usage, cost };
    const after = safePressure(deps.session);
    if (after) yield { type: 'pressure', pressure: after };
    return result;
  }
}

/** The call as the cache model billed it when it was sent; unmanaged, a request over the window is never sent. */
function modelledCall(outgoing: Outgoing): ModelledCall | undefined {
  if (!outgoing.bills) return undefined;
  const original = outgoing.pressure?.total_original_tokens ?? 0;
  return {
    bills: outgoing.bills,
    rawOverWindow: original > contextWindowOf(outgoing.request.model),
  };
}

/** The gardened request (fail-safe: the transcript as it is when gardening throws, and an error event). */
function* gardened(deps: LoopDeps): Generator<AgentEvent, Outgoing> {
  let outcome = deps.session.nextOrOriginal(deps.transcript);
  if (!outcome.gardened && deps.recover) {
    const fresh = deps.recover(outcome.error);
    if (fresh) {
      deps.session = fresh.session;
      yield { type: 'error', message: fresh.message, code: 'STATE_RESET' };
      outcome = deps.session.nextOrOriginal(deps.transcript);
    }
  }
  if (!outcome.gardened) {
    const why = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    yield {
      type: 'error',
      message: `gardening failed (${why}); this request is sent as the conversation stands`,
      code: 'INTERNAL',
    };
    const sent = send(deps, outcome.request);
    return {
      request: asProviderRequest(sent.request),
      pressure: safePressure(deps.session),
      tokens: Number.POSITIVE_INFINITY,
      ...(sent.bills ? { bills: sent.bills } : {}),
    };
  }
  debug('chat', 'gardened', {
    ms: Math.round(outcome.ms * 100) / 100,
    tokens: outcome.plan.tokens,
    event: outcome.event?.kind,
  });
  deps.onGardened?.({ ms: outcome.ms, tokens: outcome.plan.tokens, event: outcome.event !== undefined });
  if (outcome.event) yield { type: 'compaction', event: outcome.event, reason: outcome.event.kind };
  if (outcome.impossible && !deps.overBudgetSaid) {
    // Said once per session: the request is still sent (the model's window is larger than the budget).
    deps.overBudgetSaid = true;
    const error = budgetError(outcome.impossible, DEFAULT_KEEP_LAST_TURNS);
    yield {
      type: 'error',
      message: `${error.message}; sent over the budget (/clear starts afresh, /budget raises it)`,
      code: error.code,
    };
  }
  const sent = send(deps, outcome.request);
  return {
    request: asProviderRequest(sent.request),
    pressure: outcome.pressure,
    tokens: outcome.plan.tokens,
    ...(sent.bills ? { bills: sent.bills } : {}),
  };
}

/** The request with the chat's breakpoints and gardener's, the session's regret guard told its cost. */
function send(deps: LoopDeps, request: MessagesRequest): ReturnType<typeof sendWithCacheTrack> {
  deps.cacheTrack ??= createCacheTrack();
  return sendWithCacheTrack(deps, deps.cacheTrack, request, Date.now());
}

function safePressure(session: DoorSession): PressureReport | undefined {
  try {
    return session.garden.pressure({ settle: false });
  } catch {
    return undefined;
  }
}

function asProviderRequest(request: MessagesRequest): ProviderRequest {
  const { model, max_tokens: maxTokens } = request;
  if (typeof model !== 'string' || typeof maxTokens !== 'number')
    throw new Error('the transcript must carry model and max_tokens in its request fields');
  return request as ProviderRequest;
}

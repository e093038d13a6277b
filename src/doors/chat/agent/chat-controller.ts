import { debug } from '../../../debug.js';
import { openSession, type DoorSession } from '../../kit/session.js';
import type { GardenSettings } from '../../../core/garden/index.js';
import { TOOL_WORDS } from '../../../core/garden/index.js';
import { emptyState, STATE_KEY } from '../../../core/garden/index.js';
import type { GardenerStore, Scope } from '../../../core/store/index.js';
import type { MessagesRequest, Transcript } from '../../../core/transcript/index.js';
import { createApprovalPolicy } from './approvals.js';
import {
  CHAT_KEY,
  indexChat,
  listChats,
  loadChat,
  newSessionId,
  saveChat,
  titleOf,
  type ChatRecord,
} from './chat-sessions.js';
import { COMMANDS, runCommand, type CommandHost } from './commands.js';
import type { Approver, ChatController, SessionInfo } from './controller.js';
import { historyOf } from './conversation.js';
import { createCostTracker, type CostTracker } from './cost.js';
import type { AgentEvent } from './events.js';
import { runTurn, type LoopDeps } from './loop.js';
import type { ModelClient } from './model.js';
import { systemPrompt } from './system-prompt.js';
import { BUILTIN_TOOLS, toolDefinitions } from './tools/registry.js';
import { count } from '../../../core/format/index.js';

/** Output tokens a call may use, besides a thinking budget. */
export const DEFAULT_MAX_TOKENS = 8_192;

export interface ChatControllerOptions {
  /** The store, opened by the caller (who closes it after `close()`). */
  store: GardenerStore;
  project: string;
  /** The session to open: stored ones are resumed, others start empty. */
  session: string;
  /** Model and budget of a new session; a stored session keeps its own unless `override` says. */
  model: string;
  budget: number;
  override?: { model?: string; budget?: number };
  cwd: string;
  client: ModelClient;
  /** Places prompt-cache breakpoints (src/doors/kit/provider's placeCacheBreakpoints). */
  prepare(request: MessagesRequest): MessagesRequest;
  /** Approve every tool call (`--yes`). */
  yes?: boolean;
  approver?: Approver;
  /** Extended thinking: with this budget of tokens, or adaptive (the model decides). */
  thinking?: number | 'adaptive';
  garden?: GardenSettings;
  now?: () => number;
  onGardened?: LoopDeps['onGardened'];
}

export interface ChatControllerHandle extends ChatController {
  setApprover(approver: Approver): void;
  /** True when the session was stored before (a resume or continue). */
  resumed(): boolean;
}

interface Live {
  scope: Scope;
  record: ChatRecord;
  deps: LoopDeps;
  resumed: boolean;
  /** Messages stored so far. */
  saved: number;
  /** Said once, at the next turn (a stale state that was dropped). */
  notice?: string;
}

/** The chat's controller: sessions in the store, turns through the loop, slash commands. */
export function createChatController(options: ChatControllerOptions): ChatControllerHandle {
  const now = options.now ?? Date.now;
  const approvals = createApprovalPolicy({
    yes: options.yes === true,
    ...(options.approver ? { approver: options.approver } : {}),
  });
  let budget = options.override?.budget ?? options.budget;
  let model = options.override?.model ?? options.model;
  let live = open(options.session);

  function open(id: string): Live {
    const scope = { project: options.project, session: id };
    const stored = loadChat(options.store, scope);
    const record: ChatRecord = stored ?? {
      v: 1,
      model,
      budget,
      cwd: options.cwd,
      title: '',
      createdAt: now(),
      updatedAt: now(),
      calls: 0,
      cost: { usd: 0, unmanagedUsd: 0 },
      messages: [],
    };
    if (stored) {
      model = options.override?.model ?? stored.model;
      budget = options.override?.budget ?? stored.budget;
    }
    const lost =
      !stored && options.store.sessionStateGet(scope, CHAT_KEY) !== undefined
        ? `session ${id}: its stored conversation could not be read; it starts afresh`
        : undefined;
    const notice = stored ? dropUnreadableState(scope) : lost;
    const session = openGardenSession(scope);
    const transcript: Transcript = {
      id,
      format: 'gardener-chat',
      system: systemPrompt(options.cwd, new Date(now()).toISOString().slice(0, 10)),
      tools: toolDefinitions(BUILTIN_TOOLS),
      messages: record.messages,
      extra: requestFields(),
    };
    if (record.messages.length > 0) syncQuietly(session, transcript);
    const cost: CostTracker = createCostTracker((usage) => options.client.cost(model, usage), record.cost);
    const opened: Live = {
      scope,
      record,
      resumed: stored !== undefined,
      saved: stored?.messages.length ?? 0,
      deps: {
        session,
        model: options.client,
        tools: BUILTIN_TOOLS,
        approvals,
        cost,
        cwd: options.cwd,
        transcript,
        prepare: (request) => options.prepare(request),
        calls: record.calls,
        save: () => save(opened),
      },
    };
    if (notice) opened.notice = notice;
    if (options.onGardened) opened.deps.onGardened = options.onGardened;
    if (stored) opened.deps.recover = recoverOnce(opened);
    return opened;
  }

  function openGardenSession(scope: Scope): DoorSession {
    // Summaries and stubs name the chat's own tools, fetch and recall, as the way back.
    return openSession({
      store: options.store,
      scope,
      budget,
      config: { retrieval: TOOL_WORDS, ...options.garden },
    });
  }

  /** A saved engine state that cannot be read is stale: it is dropped, and the user told so. */
  function dropUnreadableState(scope: Scope): string | undefined {
    const raw = options.store.sessionStateGet(scope, STATE_KEY);
    if (raw === undefined) return undefined;
    try {
      if ((JSON.parse(raw) as { v?: unknown }).v === 1) return undefined;
    } catch {
      // unreadable: dropped below
    }
    options.store.sessionStateSet(scope, STATE_KEY, JSON.stringify(emptyState()));
    return `session ${scope.session}: its saved garden state was stale (unreadable); started the garden afresh (stored originals are kept)`;
  }

  /** A resumed session whose saved state breaks gardening starts its garden afresh, once. */
  function recoverOnce(target: Live): LoopDeps['recover'] {
    let used = false;
    return (error) => {
      if (used) return undefined;
      used = true;
      options.store.sessionStateSet(target.scope, STATE_KEY, JSON.stringify(emptyState()));
      const why = error instanceof Error ? error.message : String(error);
      return {
        session: openGardenSession(target.scope),
        message: `session ${target.scope.session}: its saved garden state was stale (${why}); started the garden afresh (stored originals are kept)`,
      };
    };
  }

  function requestFields(): Record<string, unknown> {
    const thinking = options.thinking;
    if (thinking === undefined) return { model, max_tokens: DEFAULT_MAX_TOKENS };
    if (thinking === 'adaptive')
      return { model, max_tokens: DEFAULT_MAX_TOKENS * 2, thinking: { type: 'adaptive' } };
    return {
      model,
      max_tokens: DEFAULT_MAX_TOKENS + thinking,
      thinking: { type: 'enabled', budget_tokens: thinking },
    };
  }

  function save(target: Live): void {
    const { record, deps } = target;
    record.model = model;
    record.budget = deps.session.garden.budget();
    record.updatedAt = now();
    record.calls = deps.calls;
    record.cost = deps.cost.total();
    // The last stored message may have changed since (a prompt added to it after an interrupt).
    saveChat(options.store, target.scope, record, target.saved - 1);
    target.saved = record.messages.length;
  }

  async function closeLive(target: Live): Promise<void> {
    if (target.record.messages.length > 0) {
      save(target);
      indexChat(options.store, target.scope, target.record);
    }
    await target.deps.session.closeSoon();
  }

  const host: CommandHost = {
    session: () => live.deps.session,
    transcript: () => live.deps.transcript,
    info: () => controller.info(),
    setBudget(tokens) {
      budget = tokens;
      live.deps.session.garden.setBudget(tokens);
      save(live);
    },
    setModel(id) {
      model = id;
      live.deps.transcript.extra = requestFields();
      save(live);
    },
    list: () => listChats(options.store, options.project),
    async switchTo(id) {
      await closeLive(live);
      live = open(id ?? newSessionId(now()));
      return id === undefined
        ? `new session ${live.scope.session}`
        : `resumed ${id} (${count(live.record.messages.length, 'message')})`;
    },
  };

  const controller: ChatControllerHandle = {
    info: (): SessionInfo => ({
      id: live.scope.session,
      model,
      budget: live.deps.session.garden.budget(),
      cwd: options.cwd,
    }),
    async *run(prompt: string, signal: AbortSignal): AsyncGenerator<AgentEvent> {
      const current = live;
      if (current.record.title === '') current.record.title = titleOf(prompt);
      if (current.notice) {
        yield { type: 'error', message: current.notice, code: 'STATE_RESET' };
        delete current.notice;
      }
      try {
        yield* runTurn(current.deps, prompt, signal);
      } finally {
        save(current);
        indexChat(options.store, current.scope, current.record);
      }
    },
    command: (line) => runCommand(host, line),
    commands: () => COMMANDS.map(({ name, args, help }) => ({ name, args, help })),
    pressure: () => live.deps.session.garden.pressure({ settle: false }),
    async settledPressure() {
      const { session } = live.deps;
      await session.settleSoon();
      return session.garden.pressure({ settle: false });
    },
    cost: () => live.deps.cost.total(),
    history: () => historyOf(live.record.messages),
    close: () => closeLive(live),
    setApprover: (approver) => approvals.setApprover(approver),
    resumed: () => live.resumed,
  };
  return controller;
}

/**
 * A resumed conversation is shown to the engine at once, so pressure and /commands see it before
 * the first call; a failure here is met again, and handled, by that call.
 */
function syncQuietly(session: DoorSession, transcript: Transcript): void {
  try {
    session.garden.sync(transcript);
  } catch (error) {
    debug('chat', 'resumed transcript not synced', { error: String(error) });
  }
}

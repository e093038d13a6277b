import { debug } from '../../../debug.js';
import { costOf } from '../../kit/provider/prices.js';
import type { Provider } from '../../kit/provider/types.js';
import { openSession, type DoorSession } from '../../kit/session.js';
import type { GardenSettings } from '../../../core/garden/constants.js';
import { TOOL_WORDS } from '../../../core/garden/constants.js';
import { clearSavedState } from '../../../core/garden/index.js';
import type { GardenerStore, Scope } from '../../../core/store/index.js';
import type { ClientMark } from '../../../core/cache/index.js';
import type { MessageParam, MessagesRequest, Transcript } from '../../../core/transcript/index.js';
import type { ApprovalPolicy } from './approvals.js';
import { CHAT_KEY, indexChat, loadChat, saveChat, type ChatRecord } from './chat-sessions.js';
import { createCostTracker } from './cost.js';
import { claimSession, type Lease } from './session-lease.js';
import type { LoopDeps } from './loop.js';
import { systemPrompt } from './system-prompt.js';
import { BUILTIN_TOOLS, toolDefinitions } from './tools/registry.js';

/** Output tokens a call may use, besides a thinking budget. */
export const DEFAULT_MAX_TOKENS = 8_192;

/** What opens a chat session: the parts of the controller's options the session is made of. */
export interface LiveOptions {
  /** The store, opened by the caller (who closes it after `close()`). */
  store: GardenerStore;
  project: string;
  cwd: string;
  provider: Provider;
  /** The chat's own prompt-cache breakpoints (src/doors/chat/agent/cache-send.ts chatMarks). */
  marks(request: MessagesRequest, conversation: readonly MessageParam[]): ClientMark[];
  /** Extended thinking: with this budget of tokens, or adaptive (the model decides). */
  thinking?: number | 'adaptive';
  garden?: GardenSettings;
  override?: { model?: string; budget?: number };
  onGardened?: LoopDeps['onGardened'];
}

/** The controller's settings that outlive one session: a resumed session may change model and budget. */
export interface ChatSettings {
  options: LiveOptions;
  now: () => number;
  approvals: ApprovalPolicy;
  model: string;
  budget: number;
}

/** The open session: its scope, stored record and the loop's dependencies. */
export interface Live {
  scope: Scope;
  record: ChatRecord;
  deps: LoopDeps;
  resumed: boolean;
  /** Messages stored so far. */
  saved: number;
  /** Said once, at the next turn (a stale state that was dropped). */
  notice?: string;
  /** This process's hold on the session, released when it closes. */
  lease: Lease;
}

/**
 * Opens a session: a stored one is resumed (its model and budget, unless overridden), others start
 * empty. The session is taken for this process first (SESSION_BUSY when another has it open), so what
 * is read is what the last holder saved.
 */
export function openLive(chat: ChatSettings, id: string): Live {
  const scope = { project: chat.options.project, session: id };
  const lease = claimSession(chat.options.store, scope);
  try {
    return openClaimed(chat, scope, lease);
  } catch (error) {
    lease.release();
    throw error;
  }
}

function openClaimed(chat: ChatSettings, scope: Scope, lease: Lease): Live {
  const { options } = chat;
  const id = scope.session;
  const stored = loadChat(options.store, scope);
  if (stored) {
    chat.model = options.override?.model ?? stored.model;
    chat.budget = options.override?.budget ?? stored.budget;
  }
  const record = stored ?? newRecord(chat);
  const lost =
    !stored && options.store.sessionStateGet(scope, CHAT_KEY) !== undefined
      ? `session ${id}: its stored conversation could not be read; it starts afresh`
      : undefined;
  const notice = stored ? dropUnreadableState(options.store, scope) : lost;
  const session = openGardenSession(chat, scope);
  const transcript: Transcript = {
    id,
    format: 'gardener-chat',
    system: systemPrompt(options.cwd, new Date(chat.now()).toISOString().slice(0, 10)),
    tools: toolDefinitions(BUILTIN_TOOLS),
    messages: record.messages,
    extra: requestFields(chat),
  };
  if (record.messages.length > 0) syncQuietly(session, transcript);
  const live: Live = {
    scope,
    lease,
    record,
    resumed: stored !== undefined,
    saved: stored?.messages.length ?? 0,
    deps: {
      session,
      provider: options.provider,
      tools: BUILTIN_TOOLS,
      approvals: chat.approvals,
      cost: createCostTracker((usage) => costOf(usage, chat.model), record.cost),
      cwd: options.cwd,
      transcript,
      marks: (request, conversation) => options.marks(request, conversation),
      calls: record.calls,
      save: () => saveLive(chat, live),
    },
  };
  if (notice) live.notice = notice;
  if (options.onGardened) live.deps.onGardened = options.onGardened;
  if (stored) live.deps.recover = recoverOnce(chat, live);
  return live;
}

function newRecord(chat: ChatSettings): ChatRecord {
  return {
    v: 1,
    model: chat.model,
    budget: chat.budget,
    cwd: chat.options.cwd,
    title: '',
    createdAt: chat.now(),
    updatedAt: chat.now(),
    calls: 0,
    cost: { usd: 0, unmanagedUsd: 0 },
    messages: [],
  };
}

function openGardenSession(chat: ChatSettings, scope: Scope): DoorSession {
  // Summaries and stubs name the chat's own tools, fetch and recall, as the way back.
  return openSession({
    store: chat.options.store,
    scope,
    budget: chat.budget,
    config: { retrieval: TOOL_WORDS, ...chat.options.garden },
  });
}

/** A saved engine state that cannot be read is stale: it is dropped, and the user told so. */
function dropUnreadableState(store: GardenerStore, scope: Scope): string | undefined {
  if (!clearSavedState(store, scope, { unlessReadable: true })) return undefined;
  return `session ${scope.session}: its saved garden state was stale (unreadable); started the garden afresh (stored originals are kept)`;
}

/** A resumed session whose saved state breaks gardening starts its garden afresh, once. */
function recoverOnce(chat: ChatSettings, target: Live): LoopDeps['recover'] {
  let used = false;
  return (error) => {
    if (used) return undefined;
    used = true;
    clearSavedState(chat.options.store, target.scope);
    const why = error instanceof Error ? error.message : String(error);
    return {
      session: openGardenSession(chat, target.scope),
      message: `session ${target.scope.session}: its saved garden state was stale (${why}); started the garden afresh (stored originals are kept)`,
    };
  };
}

/** The request fields of the session's calls: model, max_tokens and thinking. */
export function requestFields({ model, options }: ChatSettings): Record<string, unknown> {
  const { thinking } = options;
  if (thinking === undefined) return { model, max_tokens: DEFAULT_MAX_TOKENS };
  if (thinking === 'adaptive')
    return { model, max_tokens: DEFAULT_MAX_TOKENS * 2, thinking: { type: 'adaptive' } };
  return {
    model,
    max_tokens: DEFAULT_MAX_TOKENS + thinking,
    thinking: { type: 'enabled', budget_tokens: thinking },
  };
}

export function saveLive(chat: ChatSettings, target: Live): void {
  const { record, deps } = target;
  record.model = chat.model;
  record.budget = deps.session.garden.budget();
  record.updatedAt = chat.now();
  record.calls = deps.calls;
  record.cost = deps.cost.total();
  // The last stored message may have changed since (a prompt added to it after an interrupt).
  saveChat(chat.options.store, target.scope, record, target.saved - 1);
  target.saved = record.messages.length;
}

export async function closeLive(chat: ChatSettings, target: Live): Promise<void> {
  try {
    if (target.record.messages.length > 0) {
      saveLive(chat, target);
      indexChat(chat.options.store, target.scope, target.record);
    }
    await target.deps.session.closeSoon();
  } finally {
    target.lease.release();
  }
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

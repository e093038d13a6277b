import type { GardenSettings, PressureReport } from '../../../core/garden/constants.js';
import type { GardenerStore } from '../../../core/store/index.js';
import type { ClientMark } from '../../../core/cache/index.js';
import type { MessageParam, MessagesRequest } from '../../../core/transcript/index.js';
import { count } from '../../../core/format/index.js';
import type { Provider } from '../../kit/provider/types.js';
import { createApprovalPolicy } from './approvals.js';
import { closeLive, openLive, requestFields, saveLive, type ChatSettings, type Live } from './chat-live.js';
import { indexChat, listChats, newSessionId, titleOf } from './chat-sessions.js';
import { COMMANDS, runCommand, type CommandHost } from './commands.js';
import type { Approver, ChatController, SessionInfo } from './controller.js';
import { historyOf } from './conversation.js';
import type { AgentEvent } from './events.js';
import { runTurn, type LoopDeps } from './loop.js';

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
  /** The model provider (src/doors/kit/provider: createAnthropicProvider, decorators and all). */
  provider: Provider;
  /** The chat's own prompt-cache breakpoints (src/doors/chat/agent/cache-send.ts chatMarks). */
  marks(request: MessagesRequest, conversation: readonly MessageParam[]): ClientMark[];
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

/** The controller's state: its settings and the session open now (slash commands switch it). */
interface ControllerState extends ChatSettings {
  live: Live;
}

/** The chat's controller: sessions in the store, turns through the loop, slash commands. */
export function createChatController(options: ChatControllerOptions): ChatControllerHandle {
  const settings: ChatSettings = {
    options,
    now: options.now ?? Date.now,
    approvals: createApprovalPolicy({
      yes: options.yes === true,
      ...(options.approver ? { approver: options.approver } : {}),
    }),
    model: options.override?.model ?? options.model,
    budget: options.override?.budget ?? options.budget,
  };
  const state: ControllerState = Object.assign(settings, { live: openLive(settings, options.session) });
  const host = commandHost(state);
  return {
    info: () => sessionInfo(state),
    run: (prompt, signal) => runTurnSaved(state, prompt, signal),
    command: (line) => runCommand(host, line),
    commands: () => COMMANDS.map(({ name, args, help }) => ({ name, args, help })),
    pressure: () => state.live.deps.session.garden.pressure({ settle: false }),
    settledPressure: () => settledPressure(state),
    cost: () => state.live.deps.cost.total(),
    history: () => historyOf(state.live.record.messages),
    close: () => closeLive(state, state.live),
    setApprover: (approver) => state.approvals.setApprover(approver),
    resumed: () => state.live.resumed,
  };
}

/** The pressure once every pending block is stored (no block left in the `pending` class). */
async function settledPressure(state: ControllerState): Promise<PressureReport> {
  const { session } = state.live.deps;
  await session.settleSoon();
  return session.garden.pressure({ settle: false });
}

function sessionInfo(state: ControllerState): SessionInfo {
  return {
    id: state.live.scope.session,
    model: state.model,
    budget: state.live.deps.session.garden.budget(),
    cwd: state.options.cwd,
  };
}

/** One turn of the session open now; saved and indexed however it ends. */
async function* runTurnSaved(
  state: ControllerState,
  prompt: string,
  signal: AbortSignal,
): AsyncGenerator<AgentEvent> {
  const current = state.live;
  if (current.record.title === '') current.record.title = titleOf(prompt);
  if (current.notice) {
    yield { type: 'error', message: current.notice, code: 'STATE_RESET' };
    delete current.notice;
  }
  try {
    yield* runTurn(current.deps, prompt, signal);
  } finally {
    saveLive(state, current);
    indexChat(state.options.store, current.scope, current.record);
  }
}

/** What slash commands may do to the controller: change budget and model, list and switch sessions. */
function commandHost(state: ControllerState): CommandHost {
  return {
    session: () => state.live.deps.session,
    transcript: () => state.live.deps.transcript,
    info: () => sessionInfo(state),
    setBudget(tokens) {
      state.budget = tokens;
      state.live.deps.session.garden.setBudget(tokens);
      saveLive(state, state.live);
    },
    setModel(id) {
      state.model = id;
      state.live.deps.transcript.extra = requestFields(state);
      saveLive(state, state.live);
    },
    list: () => listChats(state.options.store, state.options.project),
    async switchTo(id) {
      const before = state.live.scope.session;
      await closeLive(state, state.live);
      try {
        state.live = openLive(state, id ?? newSessionId(state.now()));
      } catch (error) {
        // Another chat has that session open: this one goes on with its own.
        state.live = openLive(state, before);
        throw error;
      }
      return id === undefined
        ? `new session ${state.live.scope.session}`
        : `resumed ${id} (${count(state.live.record.messages.length, 'message')})`;
    },
  };
}

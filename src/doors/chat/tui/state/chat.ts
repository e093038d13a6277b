import type { CommandOutcome, HistoryItem } from '../../agent/controller.js';
import type { AgentEvent, ApprovalRequest } from '../../agent/events.js';
import { footerReducer, type FooterState } from './footer.js';
import type { ToolItem } from './items.js';
import type { PageState } from './pager.js';
import {
  addItem,
  fromHistory,
  lastTool,
  settleLive,
  transcriptReducer,
  type TranscriptState,
} from './transcript.js';

export interface PickState {
  title: string;
  items: { label: string; command: string }[];
  index: number;
}

/** Everything the chat view shows; changed only by `chatReducer`. */
export interface ChatState {
  transcript: TranscriptState;
  footer: FooterState;
  /** A turn is running (Ctrl+C interrupts it). */
  running: boolean;
  /** Tool item ids shown in full. */
  expanded: ReadonlySet<number>;
  showThinking: boolean;
  approval: ApprovalRequest | null;
  pick: PickState | null;
  /** Bumped when the transcript is rebuilt, so the printed part is drawn again. */
  epoch: number;
  /** One line under the input: what a key just did or what the next one will do. */
  hint: string | null;
  /** The output of the last command, read in the pager when it is taller than the screen. */
  page: PageState | null;
}

export type ChatAction =
  | { type: 'agent'; event: AgentEvent }
  | { type: 'submit'; text: string }
  | { type: 'turn_done'; interrupted: boolean; error?: string }
  | { type: 'command'; line: string }
  | { type: 'outcome'; outcome: CommandOutcome }
  /** Another session (or a fresh one) took over: its history, and its footer. */
  | { type: 'reset'; history: readonly HistoryItem[]; footer: FooterState; text: string }
  | { type: 'notice'; tone: 'info' | 'warn' | 'error'; text: string }
  | { type: 'approval'; request: ApprovalRequest | null }
  | { type: 'pick_move'; delta: number }
  | { type: 'pick_close' }
  | { type: 'toggle_tool' }
  | { type: 'toggle_thinking' }
  | { type: 'hint'; text: string | null }
  /** The pager shows its output from this screen row. */
  | { type: 'page_to'; top: number }
  /** The pager closes: its output is printed in the transcript, whole. */
  | { type: 'page_close' }
  /** The terminal changed size and was cleared: the printed part is drawn again. */
  | { type: 'redraw' };

export function initialChat(footer: FooterState, history: readonly HistoryItem[] = []): ChatState {
  return {
    transcript: fromHistory(history),
    footer,
    running: false,
    expanded: new Set(),
    showThinking: false,
    approval: null,
    pick: null,
    epoch: 0,
    hint: null,
    page: null,
  };
}

/** The chat's one reducer: pure, so every transition is testable without Ink. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'agent': {
      const transcript = transcriptReducer(state.transcript, action.event);
      const footer = footerReducer(state.footer, action.event);
      return transcript === state.transcript && footer === state.footer
        ? state
        : { ...state, transcript, footer };
    }
    case 'submit':
      return {
        ...state,
        transcript: addItem(settleLive(state.transcript), { kind: 'user', text: action.text }),
        running: true,
        hint: null,
        page: null,
      };
    case 'turn_done': {
      let transcript = settleLive(state.transcript);
      if (action.interrupted)
        transcript = addItem(transcript, { kind: 'notice', tone: 'warn', text: 'interrupted' });
      if (action.error)
        transcript = addItem(transcript, { kind: 'notice', tone: 'error', text: action.error });
      // Once the turn has stopped, "interrupting…" is over; Ctrl+C when idle quits.
      const hint = action.interrupted ? 'Ctrl+C again to quit' : null;
      return { ...state, transcript, running: false, approval: null, hint };
    }
    case 'command':
      return {
        ...state,
        transcript: addItem(settleLive(state.transcript), { kind: 'user', text: action.line }),
        hint: null,
        page: null,
      };
    case 'outcome':
      return withOutcome(state, action.outcome);
    case 'reset':
      return {
        ...state,
        transcript: addNotice(fromHistory(action.history), 'info', action.text),
        footer: action.footer,
        expanded: new Set(),
        pick: null,
        page: null,
        epoch: state.epoch + 1,
      };
    case 'notice':
      return { ...state, transcript: addNotice(state.transcript, action.tone, action.text) };
    case 'approval':
      return { ...state, approval: action.request };
    case 'pick_move': {
      if (!state.pick) return state;
      const n = state.pick.items.length;
      return { ...state, pick: { ...state.pick, index: (state.pick.index + action.delta + n) % n } };
    }
    case 'pick_close':
      return { ...state, pick: null };
    case 'toggle_tool':
      return toggleTool(state);
    case 'toggle_thinking':
      return { ...state, showThinking: !state.showThinking };
    case 'hint':
      return state.hint === action.text ? state : { ...state, hint: action.text };
    case 'redraw':
      return { ...state, epoch: state.epoch + 1 };
    case 'page_to':
      return state.page ? { ...state, page: { ...state.page, top: Math.max(0, action.top) } } : state;
    case 'page_close':
      return state.page ? { ...state, transcript: settleLive(state.transcript), page: null } : state;
  }
}

/**
 * Shows a slash command's outcome; `reset` and `exit` are handled by the app (they need the
 * controller). A text or a table is also the page the pager reads when it is taller than the screen.
 */
function withOutcome(state: ChatState, outcome: CommandOutcome): ChatState {
  const page = { itemId: state.transcript.nextId, top: 0 };
  switch (outcome.kind) {
    case 'text':
      return { ...state, transcript: addNotice(state.transcript, 'info', outcome.text), page };
    case 'error':
      return { ...state, transcript: addNotice(state.transcript, 'error', outcome.text), page };
    case 'table':
      return {
        ...state,
        transcript: addItem(state.transcript, { kind: 'table', title: outcome.title, rows: outcome.rows }),
        page,
      };
    case 'pick':
      if (outcome.items.length === 0)
        return {
          ...state,
          transcript: addNotice(state.transcript, 'info', `${outcome.title}: nothing to pick`),
        };
      return { ...state, pick: { title: outcome.title, items: outcome.items, index: 0 } };
    case 'reset':
    case 'exit':
      return state;
  }
}

/**
 * The expand key: a live call toggles in place; one already printed cannot change, so it is
 * printed again in full (once).
 */
function toggleTool(state: ChatState): ChatState {
  const last = lastTool(state.transcript);
  if (!last) return { ...state, hint: 'no tool call to show' };
  const { tool, live } = last;
  if (live && !tool.full) {
    const expanded = new Set(state.expanded);
    if (!expanded.delete(tool.id)) expanded.add(tool.id);
    return { ...state, expanded };
  }
  if (tool.full) return { ...state, hint: `${tool.name} is shown in full above` };
  return { ...state, transcript: addItem(state.transcript, { ...withoutId(tool), full: true }), hint: null };
}

function withoutId({ id: _id, ...item }: ToolItem): Omit<ToolItem, 'id'> {
  return item;
}

function addNotice(
  transcript: TranscriptState,
  tone: 'info' | 'warn' | 'error',
  text: string,
): TranscriptState {
  return addItem(transcript, { kind: 'notice', tone, text });
}

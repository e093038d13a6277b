import type { AgentEvent } from '../../agent/events.js';
import type { HistoryItem } from '../../agent/controller.js';
import { terminalSafe } from '../../../kit/terminal-safe.js';
import type { NewItem, ToolItem, TranscriptItem } from './items.js';
import { safeItem } from './safe-item.js';
import { retryNotice, silentNotice } from '../../../kit/provider/notices.js';

/**
 * The transcript in two parts: `done` items never change again (Ink prints them once, above the
 * live area); `live` holds what can still change: a running tool call, the line of text being
 * streamed, and whatever follows them. Items leave `live` as soon as they are complete, so the
 * area Ink redraws on every chunk stays a few lines high however long the answer grows (a redraw
 * costs in proportion to its area, and one taller than the terminal makes Ink clear the screen).
 */
export interface TranscriptState {
  done: TranscriptItem[];
  live: TranscriptItem[];
  nextId: number;
}

export function emptyTranscript(): TranscriptState {
  return { done: [], live: [], nextId: 1 };
}

/** Adds an item, its text made terminal-safe (every item enters here, or through appendText and tool results). */
export function addItem(state: TranscriptState, item: NewItem): TranscriptState {
  const added: TranscriptItem = { ...safeItem(item), id: state.nextId };
  return { ...state, live: [...state.live, added], nextId: state.nextId + 1 };
}

/** Moves every live item to `done`: the turn ended, nothing streams any more. */
export function settleLive(state: TranscriptState): TranscriptState {
  if (state.live.length === 0) return state;
  return { ...state, done: [...state.done, ...nonEmpty(state.live)], live: [] };
}

/** Drops the empty rest of a streamed text (its lines were printed already). */
function nonEmpty(items: TranscriptItem[]): TranscriptItem[] {
  return items.filter((item) => item.kind !== 'assistant' || item.text !== '');
}

/**
 * Moves the complete items at the head of `live` to `done`: all but a running tool call and the
 * last item (it may still stream); of a streamed text at the head, its complete lines.
 */
export function settleComplete(state: TranscriptState): TranscriptState {
  let head = 0;
  while (head < state.live.length - 1 && !isRunningTool(state.live[head])) head++;
  const first = state.live[head];
  if (head === state.live.length - 1 && first?.kind === 'assistant' && first.text.includes('\n')) {
    const cut = first.text.lastIndexOf('\n');
    const lines = first.text
      .slice(0, cut)
      .split('\n')
      .map((text, i) => ({ kind: 'assistant' as const, id: state.nextId + i, text }));
    return {
      done: [...state.done, ...nonEmpty(state.live.slice(0, head)), ...lines],
      live: [{ ...first, text: first.text.slice(cut + 1) }],
      nextId: state.nextId + lines.length,
    };
  }
  if (head === 0) return state;
  return {
    ...state,
    done: [...state.done, ...nonEmpty(state.live.slice(0, head))],
    live: state.live.slice(head),
  };
}

/**
 * Stop reasons a turn's end does not announce: the normal ones, and an interrupt, which the app
 * notes once itself when the turn is over (the user's own Ctrl+C is not warned about twice).
 */
const QUIET_STOPS: ReadonlySet<string> = new Set(['end_turn', 'tool_use', 'interrupted']);

/** Folds one agent event into the transcript; events that show nothing here return the same state. */
export function transcriptReducer(state: TranscriptState, event: AgentEvent): TranscriptState {
  const next = foldEvent(state, event);
  return next === state ? state : settleComplete(next);
}

function foldEvent(state: TranscriptState, event: AgentEvent): TranscriptState {
  switch (event.type) {
    case 'text_delta':
      return appendText(state, 'assistant', event.text);
    case 'thinking_delta':
      return appendText(state, 'thinking', event.text);
    case 'tool_call':
      return addItem(state, {
        kind: 'tool',
        callId: event.id,
        name: event.name,
        input: event.input,
        status: 'running',
      });
    case 'approval':
      return updateTool(state, event.request.id, (t) => ({
        ...t,
        approval: event.answer,
        status: event.answer === 'no' ? 'denied' : t.status,
      }));
    case 'tool_result':
      return updateTool(state, event.id, (t) => ({
        ...t,
        status: t.status === 'denied' ? 'denied' : event.isError ? 'error' : 'ok',
        output: terminalSafe(event.output),
        ...(event.display === undefined ? {} : { display: terminalSafe(event.display) }),
      }));
    case 'retry':
      return addItem(state, { kind: 'notice', tone: 'warn', text: retryNotice(event) });
    case 'silent':
      return addItem(state, { kind: 'notice', tone: 'warn', text: silentNotice(event) });
    case 'error':
      return addItem(state, {
        kind: 'notice',
        tone: 'error',
        text: event.code ? `${event.message} (${event.code})` : event.message,
      });
    case 'turn_end':
      return QUIET_STOPS.has(event.stopReason)
        ? state
        : addItem(state, { kind: 'notice', tone: 'warn', text: `turn ended: ${event.stopReason}` });
    default:
      return state;
  }
}

/** The transcript rebuilt from the controller's history (after /resume, /clear or --continue). */
export function fromHistory(history: readonly HistoryItem[]): TranscriptState {
  let state = emptyTranscript();
  for (const [i, item] of history.entries()) {
    if (item.role === 'tool') {
      state = addItem(state, {
        kind: 'tool',
        callId: `history-${i}`,
        name: item.tool ?? 'tool',
        input: item.input,
        status: item.isError ? 'error' : 'ok',
        output: item.text,
      });
    } else {
      state = addItem(state, { kind: item.role, text: item.text });
    }
  }
  return settleLive(state);
}

/** The last tool call, live or printed: the one the expand key shows in full. */
export function lastTool(state: TranscriptState): { tool: ToolItem; live: boolean } | undefined {
  for (const [items, live] of [
    [state.live, true],
    [state.done, false],
  ] as const) {
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item?.kind === 'tool') return { tool: item, live };
    }
  }
  return undefined;
}

function isRunningTool(item: TranscriptItem | undefined): boolean {
  return item?.kind === 'tool' && item.status === 'running';
}

function appendText(state: TranscriptState, kind: 'assistant' | 'thinking', text: string): TranscriptState {
  const last = state.live[state.live.length - 1];
  if (last?.kind !== kind) return addItem(state, { kind, text });
  return { ...state, live: [...state.live.slice(0, -1), { ...last, text: last.text + terminalSafe(text) }] };
}

function updateTool(
  state: TranscriptState,
  callId: string,
  update: (tool: ToolItem) => ToolItem,
): TranscriptState {
  const index = state.live.findIndex((item) => item.kind === 'tool' && item.callId === callId);
  const item = state.live[index];
  if (item?.kind !== 'tool') return state;
  const live = [...state.live];
  live[index] = update(item);
  return { ...state, live };
}

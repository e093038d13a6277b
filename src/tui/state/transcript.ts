import type { AgentEvent } from '../../agent/events.js';
import type { HistoryItem } from '../../agent/controller.js';
import type { NewItem, ToolItem, TranscriptItem } from './items.js';

/**
 * The transcript in two parts: `done` items never change again (Ink prints them once, above the
 * live area); `live` holds the current turn and the last one, which can still stream or expand.
 */
export interface TranscriptState {
  done: TranscriptItem[];
  live: TranscriptItem[];
  nextId: number;
}

export function emptyTranscript(): TranscriptState {
  return { done: [], live: [], nextId: 1 };
}

export function addItem(state: TranscriptState, item: NewItem): TranscriptState {
  return { ...state, live: [...state.live, { ...item, id: state.nextId }], nextId: state.nextId + 1 };
}

/** Moves the live items to `done`: called when a new prompt starts a turn. */
export function settleLive(state: TranscriptState): TranscriptState {
  if (state.live.length === 0) return state;
  return { ...state, done: [...state.done, ...state.live], live: [] };
}

/** Folds one agent event into the transcript; events that show nothing here return the same state. */
export function transcriptReducer(state: TranscriptState, event: AgentEvent): TranscriptState {
  switch (event.type) {
    case 'text_delta':
      return appendText(state, 'assistant', event.text);
    case 'thinking_delta':
      return appendText(state, 'thinking', event.text);
    case 'tool_call':
      return addItem(state, { kind: 'tool', callId: event.id, name: event.name, input: event.input, status: 'running' });
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
        output: event.output,
        ...(event.display === undefined ? {} : { display: event.display }),
      }));
    case 'retry':
      return addItem(state, {
        kind: 'notice',
        tone: 'warn',
        text: `retry ${event.attempt} in ${(event.delayMs / 1000).toFixed(1)} s: ${event.reason}`,
      });
    case 'error':
      return addItem(state, { kind: 'notice', tone: 'error', text: event.code ? `${event.message} (${event.code})` : event.message });
    case 'turn_end':
      return event.stopReason === 'end_turn' || event.stopReason === 'tool_use'
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
      state = addItem(state, { kind: 'tool', callId: `history-${i}`, name: item.tool ?? 'tool', input: undefined, status: 'ok', output: item.text });
    } else {
      state = addItem(state, { kind: item.role, text: item.text });
    }
  }
  return settleLive(state);
}

/** The last tool call of the live turn, the one the expand key toggles. */
export function lastTool(state: TranscriptState): ToolItem | undefined {
  for (let i = state.live.length - 1; i >= 0; i--) {
    const item = state.live[i];
    if (item?.kind === 'tool') return item;
  }
  return undefined;
}

function appendText(state: TranscriptState, kind: 'assistant' | 'thinking', text: string): TranscriptState {
  const last = state.live[state.live.length - 1];
  if (last?.kind !== kind) return addItem(state, { kind, text });
  return { ...state, live: [...state.live.slice(0, -1), { ...last, text: last.text + text }] };
}

function updateTool(state: TranscriptState, callId: string, update: (tool: ToolItem) => ToolItem): TranscriptState {
  const index = state.live.findIndex((item) => item.kind === 'tool' && item.callId === callId);
  const item = state.live[index];
  if (item?.kind !== 'tool') return state;
  const live = [...state.live];
  live[index] = update(item);
  return { ...state, live };
}

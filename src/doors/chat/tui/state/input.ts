/**
 * The prompt editor: multi-line text, a cursor (an index into the text), and the history of sent
 * prompts walked with up/down from the first/last line.
 */
export interface InputState {
  text: string;
  cursor: number;
  history: readonly string[];
  /** Position in history while walking it; null when editing a fresh draft. */
  historyIndex: number | null;
  /** The draft put aside while walking history. */
  draft: string;
}

export type InputAction =
  | { type: 'insert'; text: string }
  | { type: 'backspace' }
  | { type: 'delete' }
  | { type: 'left' }
  | { type: 'right' }
  | { type: 'home' }
  | { type: 'end' }
  | { type: 'up' }
  | { type: 'down' }
  | { type: 'clear' }
  /** Records the text in history and empties the editor (the app sends the text). */
  | { type: 'sent' };

/** Most prompts kept for up/down. */
const HISTORY_LIMIT = 200;

export function emptyInput(history: readonly string[] = []): InputState {
  return { text: '', cursor: 0, history, historyIndex: null, draft: '' };
}

export function inputReducer(state: InputState, action: InputAction): InputState {
  const { text, cursor } = state;
  switch (action.type) {
    case 'insert': {
      const clean = action.text.replace(/\r\n?/g, '\n');
      return {
        ...state,
        text: text.slice(0, cursor) + clean + text.slice(cursor),
        cursor: cursor + clean.length,
      };
    }
    case 'backspace':
      return cursor === 0
        ? state
        : { ...state, text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1 };
    case 'delete':
      return cursor === text.length
        ? state
        : { ...state, text: text.slice(0, cursor) + text.slice(cursor + 1) };
    case 'left':
      return { ...state, cursor: Math.max(0, cursor - 1) };
    case 'right':
      return { ...state, cursor: Math.min(text.length, cursor + 1) };
    case 'home':
      return { ...state, cursor: text.lastIndexOf('\n', cursor - 1) + 1 };
    case 'end': {
      const end = text.indexOf('\n', cursor);
      return { ...state, cursor: end === -1 ? text.length : end };
    }
    case 'up':
      return text.lastIndexOf('\n', cursor - 1) === -1 ? olderEntry(state) : moveLine(state, -1);
    case 'down':
      return text.indexOf('\n', cursor) === -1 ? newerEntry(state) : moveLine(state, 1);
    case 'clear':
      return { ...state, text: '', cursor: 0, historyIndex: null, draft: '' };
    case 'sent': {
      const history =
        text.trim() === '' || state.history[state.history.length - 1] === text
          ? state.history
          : [...state.history, text].slice(-HISTORY_LIMIT);
      return emptyInput(history);
    }
  }
}

/** The cursor as (line, column), for rendering. */
export function cursorPosition(state: InputState): { line: number; column: number } {
  const before = state.text.slice(0, state.cursor).split('\n');
  return { line: before.length - 1, column: before[before.length - 1]?.length ?? 0 };
}

function olderEntry(state: InputState): InputState {
  if (state.history.length === 0 || state.historyIndex === 0) return state;
  const index = state.historyIndex === null ? state.history.length - 1 : state.historyIndex - 1;
  const text = state.history[index] ?? '';
  return {
    ...state,
    text,
    cursor: text.length,
    historyIndex: index,
    draft: state.historyIndex === null ? state.text : state.draft,
  };
}

function newerEntry(state: InputState): InputState {
  if (state.historyIndex === null) return state;
  const index = state.historyIndex + 1;
  if (index >= state.history.length)
    return { ...state, text: state.draft, cursor: state.draft.length, historyIndex: null, draft: '' };
  const text = state.history[index] ?? '';
  return { ...state, text, cursor: text.length, historyIndex: index };
}

function moveLine(state: InputState, direction: -1 | 1): InputState {
  const lines = state.text.split('\n');
  const { line, column } = cursorPosition(state);
  const target = line + direction;
  let cursor = 0;
  for (let i = 0; i < target; i++) cursor += (lines[i]?.length ?? 0) + 1;
  return { ...state, cursor: cursor + Math.min(column, lines[target]?.length ?? 0) };
}

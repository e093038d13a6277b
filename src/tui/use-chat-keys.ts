import { useInput, type Key } from 'ink';
import type { Dispatch } from 'react';
import type { ApprovalBridge } from './approval-bridge.js';
import type { ChatAction, ChatState } from './state/chat.js';
import { inputReducer, type InputAction, type InputState } from './state/input.js';
import type { ChatActions } from './use-chat-actions.js';

const APPROVAL_KEYS = { y: 'once', a: 'always', n: 'no' } as const;

/**
 * Routes each key by what the screen shows: an approval takes y/a/n, a pick list takes arrows and
 * Enter, otherwise the prompt editor. Ctrl+C always goes to `interrupt`.
 */
export function useChatKeys(
  state: ChatState,
  input: InputState,
  dispatch: Dispatch<ChatAction>,
  edit: Dispatch<InputAction>,
  actions: ChatActions,
  bridge: ApprovalBridge,
): void {
  useInput((text, key) => {
    if (key.ctrl && text === 'c') return actions.interrupt(state.running);
    if (state.approval) {
      const answer = APPROVAL_KEYS[text.toLowerCase() as keyof typeof APPROVAL_KEYS];
      if (answer) bridge.answer(answer);
      return;
    }
    if (state.pick) return pickKey(state, key, dispatch, actions);
    editorKey(text, key, state, input, dispatch, edit, actions);
  });
}

function pickKey(state: ChatState, key: Key, dispatch: Dispatch<ChatAction>, actions: ChatActions): void {
  if (key.upArrow) dispatch({ type: 'pick_move', delta: -1 });
  else if (key.downArrow) dispatch({ type: 'pick_move', delta: 1 });
  else if (key.escape) dispatch({ type: 'pick_close' });
  else if (key.return) {
    const item = state.pick?.items[state.pick.index];
    dispatch({ type: 'pick_close' });
    if (item) actions.runCommand(item.command);
  }
}

function editorKey(
  text: string,
  key: Key,
  state: ChatState,
  input: InputState,
  dispatch: Dispatch<ChatAction>,
  edit: Dispatch<InputAction>,
  actions: ChatActions,
): void {
  if (key.return) {
    if (input.text.slice(0, input.cursor).endsWith('\\')) {
      edit({ type: 'backspace' });
      return edit({ type: 'insert', text: '\n' });
    }
    return send(input, state, dispatch, edit, actions);
  }
  if (text === '\n') return edit({ type: 'insert', text: '\n' });
  // Text and Enter in one chunk (fast typing, tmux send-keys): type it, then send. Other chunks
  // with line ends are pastes, inserted as lines.
  if (/^[^\r\n]+\r$/.test(text)) {
    const typed = inputReducer(input, { type: 'insert', text: text.slice(0, -1) });
    edit({ type: 'insert', text: text.slice(0, -1) });
    return send(typed, state, dispatch, edit, actions);
  }
  if (key.ctrl) {
    if (text === 'o') dispatch({ type: 'toggle_tool' });
    else if (text === 't') dispatch({ type: 'toggle_thinking' });
    else if (text === 'u') edit({ type: 'clear' });
    else if (text === 'a') edit({ type: 'home' });
    else if (text === 'e') edit({ type: 'end' });
    return;
  }
  // Most terminals send DEL for Backspace, which Ink reports as `delete`.
  if (key.backspace || key.delete) return edit({ type: 'backspace' });
  if (key.leftArrow) return edit({ type: 'left' });
  if (key.rightArrow) return edit({ type: 'right' });
  if (key.upArrow) return edit({ type: 'up' });
  if (key.downArrow) return edit({ type: 'down' });
  if (key.home) return edit({ type: 'home' });
  if (key.end) return edit({ type: 'end' });
  if (key.escape || key.tab || key.meta || text === '') return;
  edit({ type: 'insert', text });
}

function send(
  input: InputState,
  state: ChatState,
  dispatch: Dispatch<ChatAction>,
  edit: Dispatch<InputAction>,
  actions: ChatActions,
): void {
  const prompt = input.text.trim();
  if (prompt === '') return;
  if (state.running) {
    dispatch({ type: 'hint', text: 'a turn is running: wait for it, or Ctrl+C to interrupt' });
    return;
  }
  edit({ type: 'sent' });
  if (prompt.startsWith('/')) actions.runCommand(prompt);
  else actions.runTurn(input.text);
}

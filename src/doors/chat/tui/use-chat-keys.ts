import { useInput, type Key } from 'ink';
import { useRef, type Dispatch } from 'react';
import type { ApprovalBridge } from './approval-bridge.js';
import type { PageLayout } from './layout.js';
import { clampTop } from './state/pager.js';
import type { ChatAction, ChatState } from './state/chat.js';
import type { ChatActions } from './use-chat-actions.js';
import type { Editor } from './use-editor.js';

const APPROVAL_KEYS = { y: 'once', a: 'always', n: 'no' } as const;

/**
 * Routes each key by what the screen shows: an approval takes y/a/n, a pick list takes arrows and
 * Enter, the pager (a command's output taller than the screen) its scrolling keys, otherwise the
 * prompt editor. Ctrl+C always goes to `interrupt`. Keys read the latest state through refs: several
 * may arrive before React renders.
 */
export function useChatKeys(state: ChatState, page: PageLayout | undefined, targets: ChatKeyTargets): void {
  const { dispatch, actions, bridge } = targets;
  const latest = useRef({ state, page });
  latest.current = { state, page };
  useInput((text, key) => {
    const { state: now, page: paged } = latest.current;
    if (key.ctrl && text === 'c') return actions.interrupt(now.running);
    if (now.approval) {
      const answer = APPROVAL_KEYS[text.toLowerCase() as keyof typeof APPROVAL_KEYS];
      if (answer) bridge.answer(answer);
      return;
    }
    if (now.pick) return pickKey(now, key, targets);
    if (paged) return pagerKey(text, key, paged, dispatch);
    editorKey(text, key, now, targets);
  });
}

/**
 * The pager's keys: a row with the arrows (or j/k), a page less one row with PgUp/PgDn (or b and
 * space), the ends with Home/End (or g/G); q or Esc closes it. Several keys may arrive before a
 * render: each moves from where the last one left the page.
 */
function pagerKey(text: string, key: Key, page: PageLayout, dispatch: Dispatch<ChatAction>): void {
  if (key.escape || text === 'q') return void dispatch({ type: 'page_close' });
  const step = Math.max(1, page.body - 1);
  const end = page.rows.length - page.body;
  const to =
    key.upArrow || text === 'k'
      ? page.top - 1
      : key.downArrow || text === 'j'
        ? page.top + 1
        : key.pageUp || text === 'b'
          ? page.top - step
          : key.pageDown || text === ' '
            ? page.top + step
            : key.home || text === 'g'
              ? 0
              : key.end || text === 'G'
                ? end
                : undefined;
  if (to === undefined) return;
  page.top = clampTop(to, page.rows.length, page.body);
  dispatch({ type: 'page_to', top: page.top });
}

/** What a key acts on: the prompt editor, the chat's reducer and its actions. */
interface KeyTargets {
  editor: Editor;
  dispatch: Dispatch<ChatAction>;
  actions: ChatActions;
}

/** What the chat's keys act on: those, and the approval the agent waits for. */
export interface ChatKeyTargets extends KeyTargets {
  bridge: ApprovalBridge;
}

function pickKey(state: ChatState, key: Key, { dispatch, actions }: KeyTargets): void {
  if (key.upArrow) dispatch({ type: 'pick_move', delta: -1 });
  else if (key.downArrow) dispatch({ type: 'pick_move', delta: 1 });
  else if (key.escape) dispatch({ type: 'pick_close' });
  else if (key.return) {
    const item = state.pick?.items[state.pick.index];
    dispatch({ type: 'pick_close' });
    if (item) actions.runCommand(item.command);
  }
}

function editorKey(text: string, key: Key, state: ChatState, to: KeyTargets): void {
  const { editor, dispatch } = to;
  const { edit } = editor;
  if (key.return) {
    const input = editor.current();
    if (input.text.slice(0, input.cursor).endsWith('\\')) {
      edit({ type: 'backspace' });
      edit({ type: 'insert', text: '\n' });
      return;
    }
    return send(state, to);
  }
  if (text === '\n') return void edit({ type: 'insert', text: '\n' });
  // Text and Enter in one chunk (fast typing, tmux send-keys): type it, then send. Other chunks
  // with line ends are pastes, inserted as lines.
  if (/^[^\r\n]+\r$/.test(text)) {
    edit({ type: 'insert', text: text.slice(0, -1) });
    return send(state, to);
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
  if (key.backspace || key.delete) return void edit({ type: 'backspace' });
  if (key.leftArrow) return void edit({ type: 'left' });
  if (key.rightArrow) return void edit({ type: 'right' });
  if (key.upArrow) return void edit({ type: 'up' });
  if (key.downArrow) return void edit({ type: 'down' });
  if (key.home) return void edit({ type: 'home' });
  if (key.end) return void edit({ type: 'end' });
  if (key.escape || key.tab || key.meta || text === '') return;
  edit({ type: 'insert', text });
}

function send(state: ChatState, { editor, dispatch, actions }: KeyTargets): void {
  const text = editor.current().text;
  const prompt = text.trim();
  if (prompt === '') return;
  if (state.running) {
    dispatch({ type: 'hint', text: 'a turn is running: wait for it, or Ctrl+C to interrupt' });
    return;
  }
  editor.edit({ type: 'sent' });
  if (prompt.startsWith('/')) actions.runCommand(prompt);
  else actions.runTurn(text);
}

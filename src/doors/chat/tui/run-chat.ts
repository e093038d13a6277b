import { render } from 'ink';
import { createElement } from 'react';
import type { RunChatTui } from '../agent/controller.js';
import { createApprovalBridge } from './approval-bridge.js';
import { ChatApp } from './components/chat-app.js';

/** Erases the screen and its scrollback, so a reset transcript is not drawn under the old one. */
const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';

/**
 * Renders the chat TUI on the terminal until the user quits; the controller is closed by then.
 * This module brings Ink and React in: `gardener chat` imports it (or its bundle) only when it draws,
 * so other commands never pay for them.
 */
export const runChatTui: RunChatTui = async (options) => {
  const bridge = createApprovalBridge();
  options.setApprover(bridge.ask);
  let clear = () => {};
  const instance = render(
    createElement(ChatApp, {
      controller: options.controller,
      bridge,
      ...(options.initialPrompt === undefined ? {} : { initialPrompt: options.initialPrompt }),
      onReset: () => clear(),
    }),
    { exitOnCtrlC: false, patchConsole: false },
  );
  clear = () => {
    instance.clear();
    process.stdout.write(CLEAR_SCREEN);
  };
  await instance.waitUntilExit();
};

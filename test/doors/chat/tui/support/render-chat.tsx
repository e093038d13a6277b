import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { ChatApp } from '../../../../../src/doors/chat/tui/components/chat-app.js';
import { createApprovalBridge } from '../../../../../src/doors/chat/tui/approval-bridge.js';
import type { ScriptedController } from './scripted-controller.js';

/** A frame without colours. */
export function plain(frame: string | undefined): string {
  return stripVTControlCharacters(frame ?? '');
}

/** Lets React and Ink run what the last key or event scheduled. */
export async function flush(ms = 0): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, ms));
}

export interface ChatHarness {
  /** The last frame, without colours. */
  frame(): string;
  /** The last frame as Ink wrote it, escape sequences and all. */
  raw(): string;
  /** Types keys (raw terminal input), then flushes. */
  type(keys: string): Promise<void>;
  /** Writes each chunk to the terminal at once, with no pause for React to render between them. */
  burst(...chunks: string[]): Promise<void>;
  /** Types a line and Enter. */
  send(line: string): Promise<void>;
  /** Resolves once the frame matches, or throws with the frame after `timeout` ms. */
  waitFor(match: string | RegExp, timeout?: number): Promise<string>;
  unmount(): void;
  resets: number;
}

export const KEYS = {
  enter: '\r',
  ctrlC: '\x03',
  ctrlJ: '\n',
  ctrlO: '\x0f',
  ctrlT: '\x14',
  up: '\x1b[A',
  down: '\x1b[B',
  esc: '\x1b',
  backspace: '\x7f',
};

/** Renders the chat app on a controller, its approver wired as the CLI does. */
export function renderChat(controller: ScriptedController, initialPrompt?: string): ChatHarness {
  const bridge = createApprovalBridge();
  controller.setApprover(bridge.ask);
  const harness: ChatHarness = {
    resets: 0,
    frame: () => plain(app.lastFrame()),
    raw: () => app.lastFrame() ?? '',
    async type(keys) {
      app.stdin.write(keys);
      await flush();
    },
    async burst(...chunks) {
      for (const chunk of chunks) app.stdin.write(chunk);
      await flush();
    },
    async send(line) {
      await harness.type(line);
      await harness.type(KEYS.enter);
    },
    async waitFor(match, timeout = 2000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const frame = harness.frame();
        if (typeof match === 'string' ? frame.includes(match) : match.test(frame)) return frame;
        if (Date.now() > deadline) throw new Error(`frame never matched ${String(match)}:\n${frame}`);
        await flush(5);
      }
    },
    unmount: () => app.unmount(),
  };
  const app = render(
    <ChatApp
      controller={controller}
      bridge={bridge}
      {...(initialPrompt === undefined ? {} : { initialPrompt })}
      onReset={() => harness.resets++}
    />,
  );
  return harness;
}

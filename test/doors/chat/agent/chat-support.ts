import {
  createChatController,
  type ChatControllerHandle,
  type ChatControllerOptions,
} from '../../../../src/doors/chat/agent/chat-controller.js';
import type { AgentEvent } from '../../../../src/doors/chat/agent/events.js';
import { openStore } from '../../../../src/core/store/open.js';
import type { GardenerStore } from '../../../../src/core/store/types.js';
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type ScriptStep,
} from '../../../support/fake-anthropic/index.js';
import { chatMarks } from '../../../../src/doors/chat/agent/cache-send.js';
import { createAnthropicProvider } from '../../../../src/doors/kit/provider/anthropic.js';
import { sandbox } from './support.js';

export interface ChatRig {
  fake: FakeAnthropic;
  store: GardenerStore;
  cwd: string;
  dbPath: string;
  controller(overrides?: Partial<ChatControllerOptions>): ChatControllerHandle;
  close(): Promise<void>;
}

/** A fake API with a script, a store and a working directory, and controllers on them. */
export async function chatRig(
  script: ScriptStep[],
  options: { contextWindow?: number; strict?: boolean } = {},
): Promise<ChatRig> {
  const fake = await startFakeAnthropic({
    script,
    ...(options.contextWindow ? { contextWindow: options.contextWindow } : {}),
    ...(options.strict ? { strict: true } : {}),
  });
  const box = sandbox();
  const store = openStore({ path: box.dbPath, redact: false });
  const opened: ChatControllerHandle[] = [];
  return {
    fake,
    store,
    cwd: box.cwd,
    dbPath: box.dbPath,
    controller(overrides = {}) {
      const controller = createChatController({
        store,
        project: 'test',
        session: 'chat-1',
        model: 'claude-sonnet-4-6',
        budget: 16_000,
        cwd: box.cwd,
        provider: createAnthropicProvider(
          { model: 'claude-sonnet-4-6', apiKey: 'test', baseURL: fake.url },
          { sleep: async () => {} },
        ),
        marks: chatMarks,
        yes: true,
        ...overrides,
      });
      opened.push(controller);
      return controller;
    },
    async close() {
      for (const c of opened) await c.close().catch(() => undefined);
      store.close();
      await fake.close();
      box.cleanup();
    },
  };
}

/** Runs one turn to its end and returns its events. */
export async function turn(
  controller: ChatControllerHandle,
  prompt: string,
  signal = new AbortController().signal,
): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of controller.run(prompt, signal)) events.push(event);
  return events;
}

export function ofType<T extends AgentEvent['type']>(
  events: AgentEvent[],
  type: T,
): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

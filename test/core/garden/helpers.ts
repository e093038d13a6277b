import { stepLoss } from '../../../src/core/garden/plan/cost-model.js';
import type { Step } from '../../../src/core/garden/plan/planner.js';
import { emptySavedThinking, openThinkingLedger } from '../../../src/core/garden/ledger/thinking.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classify } from '../../../src/core/classify/index.js';
import { compress } from '../../../src/core/compress/index.js';
import { openGarden, type Garden } from '../../../src/core/garden/index.js';
import type { SyncDeps } from '../../../src/core/garden/ingest/sync.js';
import { emptyCounters } from '../../../src/core/garden/ledger/counters.js';
import { createSession } from '../../../src/core/garden/session/session.js';
import type { GardenSettings } from '../../../src/core/garden/session/config.js';
import { openStore } from '../../../src/core/store/open.js';
import type { GardenerStore, Scope } from '../../../src/core/store/types.js';
import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import type { Block, MessageParam, Transcript } from '../../../src/core/transcript/types.js';

/** A real store on a temp file, shared by the tests of one file (each test uses its own session). */
export function tempStore(): { store: GardenerStore; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'gardener-garden-'));
  const store = openStore({ path: join(dir, 'test.db'), redact: false });
  return {
    store,
    cleanup: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let sessions = 0;

/** A garden on the store with a fresh session name; time stands still unless the test moves it. */
export function garden(
  store: GardenerStore,
  budget: number,
  config: GardenSettings = {},
  session = `s${++sessions}`,
): Garden {
  return openGarden({
    store,
    session: { project: 'test', session },
    budget,
    config: { now: () => 1_000_000, ...config },
  });
}

/**
 * What syncView and settleSlot work with, for tests that drive the view without a garden: a session
 * on the store with the real classifier and compressors, and a fresh ledger's counters and sets.
 */
export function syncDeps(store: GardenerStore, scope: Scope, config: GardenSettings = {}): SyncDeps {
  return {
    session: createSession({
      store,
      session: scope,
      budget: 100_000,
      tokenizer: defaultTokenizer(),
      classify,
      compress,
      config,
    }),
    ledger: {
      counters: emptyCounters(),
      savedForms: new Map(),
      strippedSeen: new Set(),
      thinking: openThinkingLedger(emptySavedThinking()),
    },
  };
}

/** A long build log (a few thousand tokens) mentioning `topic`. */
export function buildLog(topic: string, lines = 300): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    out.push(
      `2024-05-01 12:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} INFO compiling ${topic} module ${i % 17} ok (${(i * 37) % 1000} ms)`,
    );
  }
  out.push(`2024-05-01 12:59:59 ERROR ${topic}: build failed with 1 error`);
  return out.join('\n');
}

/**
 * An agent session: a typed prompt, then `turns` turns of `calls` Bash calls (default 1) each
 * answered by a long log. Ends with the tool results of the last turn (a call point).
 */
export function agentSession(
  turns: number,
  options: { id?: string; lines?: number; calls?: number } = {},
): Transcript {
  const calls = options.calls ?? 1;
  const id = (t: number, c: number) => (c === 0 ? `toolu_${t}` : `toolu_${t}_${c}`);
  const topic = (t: number, c: number) => (c === 0 ? `module${t}` : `module${t}_${c}`);
  const messages: MessageParam[] = [
    { role: 'user', content: 'Please find out why the vat build fails and fix it.' },
  ];
  for (let t = 0; t < turns; t++) {
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `Step ${t}: running the build for module${t}.` },
        ...Array.from({ length: calls }, (_, c) => ({
          type: 'tool_use' as const,
          id: id(t, c),
          name: 'Bash',
          input: { command: `make ${topic(t, c)}` },
        })),
      ],
    });
    messages.push({
      role: 'user',
      content: Array.from({ length: calls }, (_, c) => ({
        type: 'tool_result' as const,
        tool_use_id: id(t, c),
        content: buildLog(topic(t, c), options.lines ?? 300),
      })),
    });
  }
  return {
    id: options.id ?? 'agent',
    format: 'anthropic',
    system: 'You are a careful coding agent.',
    messages,
  };
}

/** The first `messages` messages of a transcript (a call point of a replay). */
export function upTo(transcript: Transcript, messages: number): Transcript {
  return { ...transcript, messages: transcript.messages.slice(0, messages) };
}

/** Every block of a rendered request, with its message index. */
export function blocksOf(messages: readonly MessageParam[]): Array<{ message: number; block: Block }> {
  return messages.flatMap((m, i) =>
    typeof m.content === 'string'
      ? [{ message: i, block: { type: 'text', text: m.content } }]
      : m.content.map((block) => ({ message: i, block: block })),
  );
}

/** A planner step: a summary of `saved` tokens at `message`, its loss by its priority. */
export function planStep(
  key: string,
  message: number,
  saved: number,
  priority = 10,
  extra: Partial<Step> = {},
): Step {
  return {
    key,
    message,
    order: message * 1000,
    to: 'summary',
    saved,
    priority,
    phase: 1,
    loss: stepLoss(priority, 'summary'),
    afterSummary: false,
    ...extra,
  };
}

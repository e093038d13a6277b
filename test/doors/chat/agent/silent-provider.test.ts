import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { printTurn } from '../../../../src/doors/chat/cli/chat-print.js';
import { createAnthropicProvider } from '../../../../src/doors/kit/provider/anthropic.js';
import { SILENT_NOTICE_MS } from '../../../../src/doors/kit/provider/idle.js';
import type { CliIo } from '../../../../src/doors/kit/cli/io.js';
import { emptyTranscript, transcriptReducer } from '../../../../src/doors/chat/tui/state/transcript.js';
import type { ScriptStep } from '../../../support/fake-anthropic/index.js';
import { chatRig, type ChatRig } from './chat-support.js';

let rig: ChatRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** An answer that starts, then says nothing for far longer than the idle limit below. */
const stalls: ScriptStep = {
  reply: { content: [{ type: 'text', text: 'late words' }], chunkDelayMs: 5_000 },
};

describe('a silent model provider in print mode', () => {
  it('is said on stderr within the notice interval, with what is retried, and given up after two attempts', async () => {
    rig = await chatRig([stalls, stalls]);
    const host = new URL(rig.fake.url).host;
    const controller = rig.controller({
      provider: createAnthropicProvider(
        { model: 'claude-sonnet-4-6', apiKey: 'test', baseURL: rig.fake.url },
        { idleMs: 800, noticeMs: 250, sleep: async () => {} },
      ),
    });
    let stderr = '';
    const lines: Array<{ at: number; line: string }> = [];
    const started = performance.now();
    const io: CliIo = {
      stdout: { write: () => true, isTTY: false },
      stderr: {
        write: (s: string) => {
          stderr += s;
          lines.push({ at: performance.now() - started, line: s });
          return true;
        },
        isTTY: false,
      },
      stdin: Readable.from([]),
      env: {},
      cwd: rig.cwd,
    };
    const error = await printTurn(io, controller, 'hello?', 'text', new AbortController().signal).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'PROVIDER', message: `${host} sent nothing for 800 ms` });
    expect(stderr).toMatch(
      new RegExp(
        `gardener: no answer from ${host} for \\d+ ms; it is tried again after 800 ms of silence \\(attempt 1 of 2\\)`,
      ),
    );
    expect(stderr).toMatch(/gardener: retry 1 in \d+\.\d s: silent: /);
    expect(stderr).toMatch(/\(attempt 2 of 2, the last\)/);
    // The first word came well before the attempt was given up.
    expect(lines[0]!.at).toBeLessThan(800);
    expect(rig.fake.requests).toHaveLength(2);
  }, 30_000);

  it('tells a user within 30 s by default', () => {
    expect(SILENT_NOTICE_MS).toBeLessThanOrEqual(30_000);
  });

  it('shows the notice in the TUI transcript', () => {
    const state = transcriptReducer(emptyTranscript(), {
      type: 'silent',
      from: 'api.anthropic.com',
      silentMs: 30_000,
      limitMs: 120_000,
      attempt: 1,
      attempts: 2,
    });
    const items = [...state.done, ...state.live];
    expect(items.at(-1)).toMatchObject({
      kind: 'notice',
      tone: 'warn',
      text: 'no answer from api.anthropic.com for 30 s; it is tried again after 2 min of silence (attempt 1 of 2)',
    });
  });
});

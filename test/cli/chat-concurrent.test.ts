import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/open.js';
import { loadChat, listChats } from '../../src/doors/chat/agent/chat-sessions.js';
import {
  lastUserText,
  startFakeAnthropic,
  type FakeAnthropic,
  type RecordedRequest,
  type ScriptStep,
} from '../support/fake-anthropic/index.js';
import { runGardener } from '../support/cli.js';
import { sandbox } from '../doors/chat/agent/support.js';

/** Several `gardener chat -p … --continue` processes at once on one session lose no turn. */
const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/gardener');

let fake: FakeAnthropic | undefined;
let box: ReturnType<typeof sandbox> | undefined;
afterEach(async () => {
  await fake?.close();
  box?.cleanup();
  fake = undefined;
  box = undefined;
});

/** An answer naming the prompt it answers, streamed slowly enough that the turns would overlap. */
const answering: ScriptStep = {
  reply: (request: RecordedRequest) => ({
    content: [{ type: 'text', text: `answer to ${lastUserText(request)}` }],
    chunkDelayMs: 150,
  }),
};

function chatProcess(
  env: Record<string, string>,
  prompt: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, 'chat', '-p', prompt, '--continue', '--db', box!.dbPath, '--project', 'test'],
      { cwd: box!.cwd, env: { ...process.env, NO_COLOR: '1', ...env } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('concurrent gardener chat --continue on one session', () => {
  it('runs the turns one after the other: every prompt and answer is kept, each request holds one new prompt', async () => {
    const prompts = ['first', 'second', 'third', 'fourth'].map((word) => `prompt ${word}`);
    fake = await startFakeAnthropic({ script: Array.from({ length: 1 + prompts.length }, () => answering) });
    box = sandbox();
    const env = {
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_MODEL: 'claude-sonnet-4-6',
    };
    const start = await runGardener(['chat', '-p', 'prompt zero', '--db', box.dbPath, '--project', 'test'], {
      env,
      cwd: box.cwd,
    });
    expect(start.code).toBe(0);

    const runs = await Promise.all(prompts.map((prompt) => chatProcess(env, prompt)));
    for (const [i, run] of runs.entries()) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe(`answer to ${prompts[i]}\n`);
    }
    // The processes that found the session open said they waited for it.
    expect(
      runs.filter((run) => /is open in another gardener chat .*waiting/.test(run.stderr)).length,
    ).toBeGreaterThan(0);

    // Each request ends with exactly one new prompt, after every earlier turn whole.
    for (const request of fake.requests) {
      const asked = lastUserText(request);
      expect(['prompt zero', ...prompts]).toContain(asked);
      const messages = request.body.messages as Array<{ role: string }>;
      expect(messages.filter((m) => m.role === 'user')).toHaveLength((messages.length + 1) / 2);
    }
    expect(fake.requests.map((r) => (r.body.messages as unknown[]).length)).toEqual([1, 3, 5, 7, 9]);

    const store = openStore({ path: box.dbPath });
    try {
      const chats = listChats(store, 'test');
      expect(chats).toHaveLength(1);
      const record = loadChat(store, { project: 'test', session: chats[0]!.id })!;
      const texts = record.messages.map((m) =>
        typeof m.content === 'string'
          ? m.content
          : m.content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
      );
      expect(texts).toHaveLength(10);
      for (const prompt of ['prompt zero', ...prompts]) {
        expect(texts).toContain(prompt);
        expect(texts).toContain(`answer to ${prompt}`);
      }
    } finally {
      store.close();
    }
  }, 120_000);
});

import { afterEach, describe, expect, it } from 'vitest';
import { estimateInputTokens, toolReply, type ScriptStep } from '../../support/fake-anthropic/index.js';
import { bigLog, runAgentLoop } from './agent-loop.js';
import { claudeMetadata, post, startHarness, until, type ProxyHarness } from './support.js';
import type { JsonMessage } from './json.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';

describe('gardener proxy keeps sessions apart', () => {
  it('gardens two interleaved Claude Code sessions in separate gardens, each request holding only its own history', async () => {
    const script: ScriptStep[] = [];
    for (let i = 0; i < 12; i++) script.push(toolReply('Bash', { command: `step ${i}` }));
    script.push({ reply: 'A done' }, { reply: 'B done' });
    harness = await startHarness(script, { budget: 12_000 });
    const [a, b] = await Promise.all([
      runAgentLoop(harness, {
        sessionId: A,
        prompt: 'Session A task',
        output: (c) => bigLog(c, 120, `marker-A-${c}`),
        maxCalls: 10,
      }),
      runAgentLoop(harness, {
        sessionId: B,
        prompt: 'Session B task',
        output: (c) => bigLog(c, 120, `marker-B-${c}`),
        maxCalls: 10,
      }),
    ]);
    expect([a.answer, b.answer].sort()).toEqual(['A done', 'B done']);
    expect(harness.fake.violations).toEqual([]);
    for (const request of harness.fake.requests) {
      const text = JSON.stringify(request.body.messages);
      const mine = text.includes('Session A task') ? 'A' : 'B';
      expect(text.includes(`marker-${mine === 'A' ? 'B' : 'A'}-`)).toBe(false);
      expect(estimateInputTokens(request.body)).toBeLessThanOrEqual(12_000);
    }
    await until(() => harness!.records.length === harness!.fake.requests.length);
    const sessions = new Set(harness.records.map((r) => r.session));
    expect(sessions.size).toBe(2);
    expect([...sessions].map((s) => s!.split('~')[0]).sort()).toEqual([A, B]);
  });

  it('gives a client without a session id a stable session from its system prompt and first message', async () => {
    harness = await startHarness([{ reply: 'one' }, { reply: 'two' }, { reply: 'three' }]);
    const body = (system: string, extra: JsonMessage[] = []) => ({
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      system,
      messages: [{ role: 'user', content: 'first question' }, ...extra],
    });
    await post(harness, '/v1/messages', body('system one'));
    await post(
      harness,
      '/v1/messages',
      body('system one', [
        { role: 'assistant', content: 'one' },
        { role: 'user', content: 'more' },
      ]),
    );
    await post(harness, '/v1/messages', body('system two'));
    await until(() => harness!.records.length === 3);
    const [s1, s2, s3] = harness.records.map((r) => r.session);
    expect(s1).toMatch(/^anon-/);
    expect(s2).toBe(s1);
    expect(s3).not.toBe(s1);
  });

  it('stores under the project of the working directory the client states', async () => {
    harness = await startHarness([{ reply: 'ok' }], { project: '' });
    await post(harness, '/v1/messages', {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      metadata: claudeMetadata(A),
      system: 'Env\n - Primary working directory: /srv/some-project\n - Platform: linux',
      messages: [{ role: 'user', content: 'hi' }],
    });
    await until(() => harness!.records.length === 1);
    expect(harness.records[0]!.project).toBe('/srv/some-project');
  });
});

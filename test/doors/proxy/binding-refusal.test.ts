import { afterEach, describe, expect, it } from 'vitest';
import { toolReply, type ScriptStep } from '../../support/fake-anthropic/index.js';
import { runAgentLoop } from './agent-loop.js';
import { startHarness, type ProxyHarness } from './support.js';

/**
 * The proxy on a model with preserved thinking (claude-sonnet-5-5), the fake's prefix check
 * enforced: at its own rules no request is refused; told the account is old (`prefixCheck: off`), it
 * changes what thinking is bound to, the upstream refuses it, and the proxy sends the client's own
 * request once and lets the conversation through as the client sends it from then on.
 */
let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const CALLS = 14;
const script: ScriptStep[] = [
  ...Array.from({ length: CALLS }, (_, i) => toolReply('Bash', { command: `make module${i}` })),
  { reply: 'Every module built.' },
];
const output = (call: number) =>
  Array.from(
    { length: 160 },
    (_, n) => `module${call} step ${n}: compiled ${n * 7} files in ${n % 13} ms`,
  ).join('\n');

describe('gardener proxy and the prefix check on thinking', () => {
  it('at its own rules: events under a small budget, and no request refused', async () => {
    harness = await startHarness(script, { budget: 8_000, thinkingReplies: 150 });
    const run = await runAgentLoop(harness, {
      sessionId: 'bound-1',
      prompt: 'Build every module.',
      output,
      maxCalls: CALLS + 1,
      model: 'claude-sonnet-5-5',
    });
    expect(run.answer).toBe('Every module built.');
    expect(harness.fake.violations).toEqual([]);
    expect(harness.fake.requests.filter((r) => r.status !== 200)).toEqual([]);
    expect(harness.records.some((r) => r.event !== undefined)).toBe(true);
  });

  it('told the account is old, a refusal sends the client its own request, then lets the conversation through', async () => {
    harness = await startHarness(script, {
      budget: 8_000,
      thinkingReplies: 150,
      settings: { prefixCheck: 'off' },
    });
    const run = await runAgentLoop(harness, {
      sessionId: 'bound-2',
      prompt: 'Build every module.',
      output,
      maxCalls: CALLS + 1,
      model: 'claude-sonnet-5-5',
    });
    // The client saw no error: the refused request went out again as it sent it.
    expect(run.answer).toBe('Every module built.');
    const refused = harness.fake.requests.findIndex((r) => r.status === 400);
    expect(refused).toBeGreaterThan(0);
    expect(harness.fake.requests[refused]?.error?.message).toContain('bound to a different conversation');
    expect(harness.fake.requests[refused + 1]?.status).toBe(200);
    expect(harness.fake.requests.filter((r) => r.status === 400)).toHaveLength(1);
    const record = harness.records.find((r) => r.failOpen?.includes('refused a thinking block'));
    expect(record?.status).toBe(200);
    // From then on the conversation goes out as the client sends it.
    const after = harness.records.slice(harness.records.indexOf(record!) + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => !r.gardened)).toBe(true);
  });
});

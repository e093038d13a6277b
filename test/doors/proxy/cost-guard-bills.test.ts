import { afterEach, describe, expect, it } from 'vitest';
import { toolReply, type ScriptStep } from '../../support/fake-anthropic/index.js';
import { cacheModel, usageCost } from '../../../src/core/cache/index.js';
import { bigLog, runAgentLoop } from './agent-loop.js';
import { startHarness, until, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const CALLS = 14;

describe('the regret guard through the proxy', () => {
  it("adds up each request's bill before the conversation's next request is gardened", async () => {
    const script: ScriptStep[] = [];
    for (let i = 0; i < CALLS; i++)
      script.push(toolReply('Bash', { command: `pytest tests/test_module_${i}.py` }));
    script.push({ reply: 'done' });
    harness = await startHarness(script, { budget: 10_000 });
    await runAgentLoop(harness, {
      sessionId: '5e55a1b2-0000-4000-8000-00000000beef',
      prompt: 'Run the tests.',
      output: (call) => bigLog(call, 120),
      maxCalls: CALLS + 1,
    });
    await until(() => harness!.records.length === CALLS + 1);
    const records = harness.records;
    // Gardening changed what went out: the two sides' bills differ, and events happened.
    expect(records.some((r) => r.event)).toBe(true);
    expect(
      records.some(
        (r) =>
          usageCost(r.modelled!.sent, cacheModel(r.model)) !==
          usageCost(r.modelled!.raw, cacheModel(r.model)),
      ),
    ).toBe(true);
    let managed = 0;
    let unmanaged = 0;
    for (const record of records) {
      // The guard, as this request's gardening read it, holds every request before it: no more, no less.
      expect(record.costGuard).toMatchObject({
        managed: Math.round(managed),
        unmanaged: Math.round(unmanaged),
      });
      managed += usageCost(record.modelled!.sent, cacheModel(record.model));
      unmanaged += usageCost(record.modelled!.raw, cacheModel(record.model));
    }
  });
});

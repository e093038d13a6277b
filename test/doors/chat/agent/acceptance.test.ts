import { afterEach, describe, expect, it } from 'vitest';
import { estimateInputTokens } from '../../../support/fake-anthropic/index.js';
import { chatRig, ofType, turn, type ChatRig } from './chat-support.js';
import { NEEDLE, scriptedSession, writeProject } from './scripted-session.js';

let rig: ChatRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const BUDGET = 16_000;

describe('a long session under a small budget (the acceptance test, through the controller)', () => {
  it('keeps 20 requests valid and within 16,000 tokens while tool outputs total over 5× that, and still quotes the first output', async () => {
    const { script, seen } = scriptedSession(20, 8);
    rig = await chatRig(script);
    writeProject(rig.cwd, 8);
    const events = await turn(rig.controller({ budget: BUDGET }), 'Find out why the deploy failed.');
    const outputs = ofType(events, 'tool_result');
    const outputTokens = outputs.reduce(
      (sum, r) => sum + estimateInputTokens({ messages: [{ role: 'user', content: r.output }] }),
      0,
    );
    expect(outputTokens).toBeGreaterThan(5 * BUDGET);
    expect(rig.fake.requests).toHaveLength(20);
    expect(rig.fake.violations).toEqual([]);
    for (const request of rig.fake.requests)
      expect(estimateInputTokens(request.body)).toBeLessThanOrEqual(BUDGET);
    expect(ofType(events, 'compaction').length).toBeGreaterThan(0);
    // Shortened blocks name the chat's tools as the way back.
    const sent = rig.fake.requests.map((r) => JSON.stringify(r.body.messages)).join('\n');
    expect(sent).toMatch(/\[gardener: [^\]]*summary [^\]]*fetch\(\\"[a-z0-9]+\\"\)\]/);
    expect(seen.inLastRequest).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', stopReason: 'end_turn' });
    expect((events.at(-1) as { answer: string }).answer).toContain(NEEDLE);
  });
});

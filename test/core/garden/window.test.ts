import { afterAll, describe, expect, it } from 'vitest';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { agentSession, blocksOf, buildLog, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);
const off = { inject: 'off' as const };

function lastResultText(messages: readonly MessageParam[]): string {
  const last = blocksOf(messages)
    .filter((b) => b.block.type === 'tool_result')
    .pop();
  const block = last?.block;
  if (block?.type !== 'tool_result') throw new Error('no tool result');
  return typeof block.content === 'string' ? block.content : JSON.stringify(block.content);
}

describe('working window and blocks larger than its share', () => {
  it('shortens a tool result of the latest turn that alone exceeds the window share, after storing it', () => {
    const g = garden(store, 4_000, off); // window share 2,000 tokens; the last log is ~7k
    const session = agentSession(2, { lines: 300 });
    g.sync(session);
    const plan = g.plan();
    expect(plan.impossible).toBeUndefined();
    expect(plan.tokens).toBeLessThanOrEqual(4_000);
    const rendered = lastResultText(g.render().messages);
    expect(rendered).toMatch(/^\[gardener:/);
    const id = /(?:id=|fetch\(\\?")(\w+)/.exec(rendered)?.[1] ?? '';
    expect(g.fetch(id)?.entry.original).toBe(buildLog('module1', 300));
  });

  it('keeps tool results of the latest turn verbatim while each fits the window share', () => {
    const g = garden(store, 20_000, off);
    g.sync(agentSession(2, { lines: 300 }));
    g.plan();
    expect(lastResultText(g.render().messages)).toBe(buildLog('module1', 300));
  });

  it('never shortens a typed prompt, however large: the plan reports it cannot fit', () => {
    const g = garden(store, 1_000, off);
    const prompt = 'Please explain every step you take and why it matters. '.repeat(150);
    const transcript: Transcript = {
      id: 'typed',
      format: 'anthropic',
      messages: [{ role: 'user', content: prompt }],
    };
    g.sync(transcript);
    const plan = g.plan({ strict: false });
    expect(plan.impossible?.prompts).toBeGreaterThan(1_000);
    expect(g.render().messages[0]?.content).toBe(prompt);
  });
});

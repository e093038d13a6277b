import { afterAll, describe, expect, it } from 'vitest';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { countRequest } from '../../../src/core/tokens/count.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { buildLog, garden, tempStore } from './helpers.js';

/**
 * A model that keeps earlier turns' thinking in its context, bills it as input and does not bind it
 * (claude-opus-4-8; or a 5.x model on an account created before 2026-08-31): once no form change can
 * bring a request under its budget, the reasoning before the working window goes, for good.
 */
const { store, cleanup } = tempStore();
afterAll(cleanup);

const THINKING_WORDS = 'weighing what the last output said about the failing module; ';

function session(steps: number, model: string): Transcript {
  const messages: MessageParam[] = [{ role: 'user', content: 'Find out why the vat build fails.' }];
  for (let step = 0; step < steps; step++) {
    messages.push({
      role: 'assistant',
      content: [
        {
          type: 'thinking',
          thinking: `Step ${step}: ${THINKING_WORDS.repeat(60)}`,
          signature: `sig-${step}`,
        },
        { type: 'tool_use', id: `toolu_${step}`, name: 'Bash', input: { command: `make module${step}` } },
      ],
    });
    messages.push({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: `toolu_${step}`, content: buildLog(`module${step}`, 30) },
      ],
    });
  }
  return { id: 'unbound', format: 'anthropic', messages, extra: { model, thinking: { type: 'adaptive' } } };
}

/** The request as a model that keeps thinking bills it: every thinking block's text is input. */
function billed(request: { messages: MessageParam[] }): number {
  return countRequest(defaultTokenizer(), request, { includeThinking: true });
}

function thinkingBlocks(request: { messages: MessageParam[] }): number {
  return request.messages.reduce(
    (n, m) => n + (Array.isArray(m.content) ? m.content.filter((b) => b.type === 'thinking').length : 0),
    0,
  );
}

describe('thinking kept and not bound', () => {
  it('is left out before the working window once nothing else brings the request under its budget', () => {
    const budget = 6_000;
    const g = garden(store, budget, { inject: 'off' });
    let request: ReturnType<typeof g.render> | undefined;
    for (let steps = 1; steps <= 24; steps++) {
      g.sync(session(steps, 'claude-opus-4-8'));
      g.plan({ strict: false });
      request = g.render();
      expect(billed(request)).toBeLessThanOrEqual(budget);
    }
    expect(g.counters().thinkingDropped).toBeGreaterThan(0);
    // The newest reply keeps its reasoning; an early one's is gone.
    if (!request) throw new Error('no request');
    const last = request.messages.findLast((m) => m.role === 'assistant');
    expect(JSON.stringify(last?.content)).toContain('"type":"thinking"');
    expect(thinkingBlocks(request)).toBeLessThan(24);
  });

  it('is all kept while the request fits its budget', () => {
    const g = garden(store, 100_000, { inject: 'off' });
    g.sync(session(4, 'claude-opus-4-8'));
    g.plan({ strict: false });
    expect(thinkingBlocks(g.render())).toBe(4);
    expect(g.counters().thinkingDropped).toBe(0);
  });
});

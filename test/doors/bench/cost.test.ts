import { describe, expect, it } from 'vitest';
import { createCostMeter } from '../../../src/doors/bench/cost.js';
import type { MessageParam, MessagesRequest } from '../../../src/core/transcript/types.js';
import { wordMeter } from './support.js';

const text = (words: number, tag: string) => Array.from({ length: words }, (_, i) => `${tag}${i}`).join(' ');

describe('the cost meter', () => {
  it('reads a string message written before as the one text block it is, when a call sent it as blocks', () => {
    const meter = wordMeter();
    const costs = createCostMeter(meter, { cache: { minTokens: 0 } });
    const task = text(40, 'task');
    const observation = text(30, 'out');
    const head: MessageParam[] = [
      { role: 'user', content: task },
      { role: 'assistant', content: text(20, 'act') },
    ];
    // The call gardener renders: the newest observation as a block, the turn's injection after it,
    // the client's breakpoint on the observation itself.
    const injected: MessagesRequest = {
      model: 'm',
      max_tokens: 1,
      messages: [
        ...head,
        {
          role: 'user',
          content: [
            { type: 'text', text: observation },
            { type: 'text', text: text(25, 'injected') },
          ],
        },
      ],
    };
    costs.next({ request: injected, events: 1, marks: [{ message: 2, block: 0 }] }, undefined);
    const next: MessagesRequest = {
      ...injected,
      messages: [...head, { role: 'user', content: observation }, { role: 'assistant', content: 'done' }],
    };
    const figures = costs.next({ request: next, events: 0 }, undefined);
    // task (40 + 4) + act (20 + 4) + observation (30 + 4): the whole prefix up to the observation.
    expect(figures.prefix).toBe(102);
  });
});

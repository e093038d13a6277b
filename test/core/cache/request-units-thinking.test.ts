import { describe, expect, it } from 'vitest';
import { requestUnits } from '../../../src/core/cache/index.js';
import { createUnitsMemo } from '../../../src/core/cache/cache-units.js';
import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import type { MessageParam } from '../../../src/core/transcript/index.js';

const tokenizer = defaultTokenizer();
const reasoning = 'The failing test reads the config before the loader sets it; '.repeat(20);
const messages: MessageParam[] = [
  { role: 'user', content: 'why does the test fail?' },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: reasoning, signature: 'sig' },
      { type: 'text', text: 'The loader runs too late.' },
    ],
  },
  { role: 'user', content: 'fix it' },
];
const total = (model?: string, memo = createUnitsMemo()) =>
  requestUnits({ ...(model ? { model } : {}), messages }, tokenizer, memo).reduce(
    (sum, unit) => sum + unit.tokens,
    0,
  );

describe('the cache units of earlier thinking', () => {
  it('count the reasoning on a model that keeps earlier turns’ thinking, as the API bills it', () => {
    const kept = total('claude-opus-5-5');
    const dropped = total('claude-sonnet-4-5');
    expect(kept - dropped).toBe(tokenizer.count(reasoning));
  });

  it('count none on a model that drops it, or when the request names no model', () => {
    expect(total('claude-sonnet-4-5')).toBe(total());
  });

  it('are counted again when the model priced with a memo changes its rule', () => {
    const memo = createUnitsMemo();
    const dropped = total('claude-sonnet-4-5', memo);
    expect(total('claude-opus-5-5', memo)).toBe(total('claude-opus-5-5'));
    expect(total('claude-sonnet-4-5', memo)).toBe(dropped);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { isOwnWords, keepOwnWords } from '../../../src/core/garden/plan/plan-own.js';
import type { Step } from '../../../src/core/garden/plan/planner.js';
import type { Slot } from '../../../src/core/garden/view/slot.js';
import { emptyView } from '../../../src/core/garden/view/view.js';
import { toolResultText } from '../../../src/core/transcript/blocks.js';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { countRequest } from '../../../src/core/tokens/count.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { blocksOf, buildLog, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

function slot(key: string, over: Partial<Slot>): Slot {
  return {
    key,
    kind: 'text',
    message: 1,
    index: 0,
    part: -1,
    role: 'user',
    block: { type: 'text', text: '' },
    typed: false,
    text: '',
    hint: '',
    terms: [],
    textTokens: 0,
    blocks: {},
    tokens: {},
    form: 'original',
    turn: 0,
    ...over,
  };
}

const step = (key: string, to: 'summary' | 'stub'): Step => ({
  key,
  message: 1,
  order: 1,
  to,
  saved: 100,
  priority: 50,
  phase: to === 'stub' ? 2 : 1,
  loss: 1,
  afterSummary: to === 'stub',
});

describe('the agent’s own words when an event cannot reach the low-water mark', () => {
  it('counts assistant text, tool calls and the results that echo an edit or a plan as own words', () => {
    expect(isOwnWords(slot('a', { role: 'assistant', kind: 'text' }))).toBe(true);
    expect(isOwnWords(slot('b', { role: 'assistant', kind: 'tool_use' }))).toBe(true);
    expect(isOwnWords(slot('c', { kind: 'tool_result', tool: { name: 'ExitPlanMode', input: {} } }))).toBe(
      true,
    );
    expect(isOwnWords(slot('d', { kind: 'tool_result', tool: { name: 'Bash', input: {} } }))).toBe(false);
    expect(isOwnWords(slot('e', { kind: 'text' }))).toBe(false);
  });

  it('drops their stub steps and keeps their summary steps and every step of other blocks', () => {
    const all = [slot('own', { role: 'assistant' }), slot('log', { kind: 'tool_result' })];
    const view = { ...emptyView(), all, byKey: new Map(all.map((s) => [s.key, s])) };
    const steps = [step('own', 'summary'), step('own', 'stub'), step('log', 'summary'), step('log', 'stub')];
    expect(keepOwnWords(view, steps).map((s) => `${s.key}→${s.to}`)).toEqual([
      'own→summary',
      'log→summary',
      'log→stub',
    ]);
  });

  it('summarises an old plan but stubs old logs when a huge prompt keeps the context over the mark', () => {
    const plan = Array.from(
      { length: 60 },
      (_, i) =>
        `Step ${i}: change src/vat/rules_${i}.py so that rounding uses banker's rounding for case ${i}.`,
    ).join('\n');
    const messages: MessageParam[] = [
      {
        role: 'user',
        content: `Please fix the vat build.\n${'Context line about the product. '.repeat(700)}`,
      },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'p', name: 'ExitPlanMode', input: { plan: 'see below' } }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'p', content: `Approved plan:\n${plan}` }],
      },
    ];
    for (let t = 0; t < 4; t++) {
      messages.push({
        role: 'assistant',
        content: [{ type: 'tool_use', id: `b${t}`, name: 'Bash', input: { command: `make module${t}` } }],
      });
      messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `b${t}`, content: buildLog(`module${t}`) }],
      });
    }
    const transcript: Transcript = { id: 'own', format: 'anthropic', messages };
    const g = garden(store, 9_000, { keepLastTurns: 1 });
    g.sync(transcript);
    g.settle();
    const result = g.plan({ strict: false });
    expect(result.event).toBeDefined();
    const texts = blocksOf(g.render().messages).flatMap(({ block }) =>
      block.type === 'tool_result' ? [toolResultText(block.content)] : [],
    );
    expect(texts[0]).toMatch(/^\[gardener: \w+ summary/);
    expect(texts[1]).toMatch(/→0 tok/);

    // A budget the request fits only with the plan stubbed too: fitting the budget comes first.
    const fitted = countRequest(defaultTokenizer(), g.render());
    const tight = garden(store, fitted - 40, { keepLastTurns: 1 });
    tight.sync(transcript);
    tight.settle();
    expect(tight.plan({ strict: false }).impossible).toBeUndefined();
    const request = tight.render();
    expect(countRequest(defaultTokenizer(), request)).toBeLessThanOrEqual(fitted - 40);
    const first = blocksOf(request.messages).find(({ block }) => block.type === 'tool_result')!;
    expect(toolResultText((first.block as { content: string }).content)).toMatch(/→0 tok/);
  });
});

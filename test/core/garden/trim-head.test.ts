import { describe, expect, it } from 'vitest';
import { CACHE_MODEL } from '../../../src/core/garden/plan/cost-model.js';
import { selectSteps, type Step } from '../../../src/core/garden/plan/planner.js';
import { trimmedHead } from '../../../src/core/garden/plan/trim-head.js';
import { planStep as step } from './helpers.js';

/** Twenty cached messages of 1,000 tokens; nothing any batch saves reaches a need of 15,000. */
const input = (steps: Step[]) => ({
  steps,
  messageTokens: new Array<number>(20).fill(1_000),
  cachedMessages: 20,
  horizon: 8,
  model: CACHE_MODEL,
});
const need = 15_000;

describe('trimmedHead: a pressure event that cannot meet its need', () => {
  it('leaves whole an early block that saves less than the rewrite it would start', () => {
    const steps = [step('first-prompt', 1, 240), step('log', 18, 900), step('new', 19, 600)];
    const all = selectSteps({ ...input(steps), need, cold: false });
    expect(all.feasible).toBe(false);
    expect(all.cut).toBe(1);
    const trimmed = trimmedHead(input(steps), all);
    expect(trimmed.steps.map((s) => s.key).sort()).toEqual(['log', 'new']);
    expect(trimmed.cut).toBe(18);
    expect(trimmed.saved).toBe(1_500);
  });

  it('keeps an early block whose saving pays for its rewrite over the calls to come', () => {
    // 12,000 tokens saved at message 2 read 8 times more are worth more than rewriting 15 messages.
    const steps = [step('huge-log', 2, 12_000), step('new', 19, 600)];
    const all = selectSteps({ ...input(steps), need, cold: false });
    expect(trimmedHead(input(steps), all)).toEqual(all);
  });

  it('keeps the latest changed message whatever it costs: the event still saves what it can', () => {
    const steps = [step('a', 3, 70), step('b', 5, 70)];
    const trimmed = trimmedHead(input(steps), selectSteps({ ...input(steps), need, cold: false }));
    expect(trimmed.steps.map((s) => s.key)).toEqual(['b']);
  });
});

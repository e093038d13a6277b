import { breakCost, futureValue } from './cost-model.js';
import { cachedTokensFrom, droppedBy, type PlanInput, type Selection, type Step } from './planner.js';

/**
 * A pressure event that cannot meet its need, while the request is not yet forced down (below
 * FORCED_SHARE of the budget), takes every step it has but the earliest ones that do not pay for the
 * rewrite they start: from the earliest changed message on, a message's steps are dropped while the
 * cache rewrite between it and the next changed message (less what its steps shorten there), their
 * loss and the reasoning they leave out cost more than what they save over the calls to come. A
 * few hundred tokens shortened far back no longer rewrite the whole cache.
 */
export function trimmedHead(input: Omit<PlanInput, 'need' | 'cold'>, selection: Selection): Selection {
  const end = input.messageTokens.length;
  const cached = Math.min(input.cachedMessages, end);
  const cachedFrom = cachedTokensFrom(input.messageTokens, cached);
  const byMessage = new Map<number, Step[]>();
  for (const step of selection.steps)
    byMessage.set(step.message, [...(byMessage.get(step.message) ?? []), step]);
  const messages = [...byMessage.keys()].sort((a, b) => a - b);
  // cachedFrom is read latest first: the tokens from each changed message to the cache's end.
  const tail = new Map(messages.toReversed().map((m) => [m, cachedFrom(m)]));
  const { drops, model, horizon } = input;
  let first = 0;
  while (first < messages.length - 1) {
    const at = messages[first] as number;
    const next = messages[first + 1] as number;
    const steps = byMessage.get(at) as Step[];
    const saved = steps.reduce((sum, s) => sum + s.saved, 0);
    const savedInCache = at < cached ? saved : 0;
    const loss = steps.reduce((sum, s) => sum + s.loss, 0);
    const [here, later] = [droppedBy(drops, at, end, cached), droppedBy(drops, next, end, cached)];
    const rewrite = breakCost(
      model,
      (tail.get(at) as number) - (tail.get(next) as number) - savedInCache - (here.cached - later.cached),
    );
    const value = futureValue(model, saved + here.tokens - later.tokens, horizon);
    if (value > rewrite + loss + here.loss - later.loss) break;
    first++;
  }
  if (first === 0) return selection;
  const kept = new Set(messages.slice(first));
  const steps = selection.steps.filter((step) => kept.has(step.message));
  const thinking = droppedBy(drops, messages[first] as number, end, cached);
  return {
    ...selection,
    steps,
    saved: steps.reduce((sum, s) => sum + s.saved, 0) + thinking.tokens,
    cut: messages[first] as number,
    thinking: thinking.tokens,
  };
}

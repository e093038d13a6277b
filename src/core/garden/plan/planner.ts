import { breakCost, coldValue, futureValue, type CacheModel } from './cost-model.js';
import type { Form } from '../view/slot.js';
import type { ThinkingDrops } from './thinking-drops.js';

/** One possible form change of one block. */
export interface Step {
  key: string;
  /** Message index: the cache is rewritten from the earliest changed message. */
  message: number;
  /** Position for tie-breaks (older first). */
  order: number;
  to: Form;
  /** Tokens saved by this step alone. */
  saved: number;
  priority: number;
  /** 1: summaries (and media, which have no summary); 2: stubs, taken only once phase 1 is exhausted. */
  phase: 1 | 2;
  /** Expected loss (cost-model.ts stepLoss). */
  loss: number;
  /** A stub step that follows this block's summary step (its `saved` assumes the summary was taken). */
  afterSummary: boolean;
  /**
   * A tool result: left whole, it ends the compacted region there (core/cache's compaction frontier),
   * and the next event reads the cache only up to it.
   */
  toolResult?: boolean;
}

/**
 * Rendered tokens of each message now (an array will do): the planner reads only the messages from
 * the latest cached one down to the cuts it weighs, so a plan near the end reads few.
 */
export interface MessageTokens {
  readonly length: number;
  at(message: number): number | undefined;
}

export interface PlanInput {
  steps: readonly Step[];
  /** Tokens to save. */
  need: number;
  messageTokens: MessageTokens;
  /** Messages the provider has cached (the previous render's length); 0 when the cache is cold. */
  cachedMessages: number;
  horizon: number;
  /** Cold cache: nothing to break, so every step worth its loss may be taken, anywhere. */
  cold: boolean;
  /** The prompt cache's prices (cost-model.ts). */
  model: CacheModel;
  /**
   * Thinking bound to what it was produced after (preserved thinking): a change to a sent block
   * leaves out the thinking kept after it, and a block not sent yet changes nothing sent.
   */
  drops?: ThinkingDrops | undefined;
}

export interface Selection {
  steps: Step[];
  saved: number;
  /** Earliest changed message (messageTokens.length when nothing changes). */
  cut: number;
  cost: number;
  /** Whether `need` was met. */
  feasible: boolean;
  /** What the event adds to this call's bill: the cache rewrite less the saved tokens not read now. */
  atOnce?: number;
  /** Thinking tokens the event leaves out (preserved thinking; counted in `saved`). */
  thinking?: number;
}

/** Greedy order: summaries before stubs, then lowest priority per token saved, then older first. */
export function compareSteps(a: Step, b: Step): number {
  if (a.phase !== b.phase) return a.phase - b.phase;
  const ra = (a.priority + 1) / a.saved;
  const rb = (b.priority + 1) / b.saved;
  if (ra !== rb) return ra - rb;
  if (a.order !== b.order) return a.order - b.order;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * Chooses the batch of steps for one event. Every candidate cut point (a message holding a step) is
 * tried from the latest to the earliest: with only the steps at or after the cut, the greedy order
 * takes steps until `need` is met; the cut's cost is the cache rewrite from the cut, plus the loss of
 * the steps taken, minus the value of what they save. The cheapest feasible cut wins (ties: the later),
 * unless it leaves whole the earliest tool result a step could shorten: then the cheapest batch that
 * takes that result wins when it costs less than the winner plus the rewrite of the region the winner
 * leaves unsettled (leftBehind). When no cut is feasible every step is taken: the most the planner can do.
 */
export function selectSteps(input: PlanInput): Selection {
  const end = input.messageTokens.length;
  if (input.need <= 0 || input.steps.length === 0)
    return { steps: [], saved: 0, cut: end, cost: 0, feasible: input.need <= 0 };
  if (input.cold) return selectCold(input);

  const cached = Math.min(input.cachedMessages, end);
  const cachedFrom = cachedTokensFrom(input.messageTokens, cached);

  const byMessage = new Map<number, Step[]>();
  for (const step of input.steps) {
    const list = byMessage.get(step.message);
    if (list) list.push(step);
    else byMessage.set(step.message, [step]);
  }
  const cuts = [...byMessage.keys()].sort((a, b) => b - a);
  const totalSaved = input.steps.reduce((sum, s) => sum + s.saved, 0);

  const pool: Step[] = [];
  let best: Selection | undefined;
  let unsettled = 0;
  let reaching: Selection | undefined;
  const { drops } = input;
  const behind = leftBehind(
    input.steps.filter((step) => step.phase === 1),
    drops,
  );
  const span = spanTokens(input.messageTokens, cuts[0]);
  for (const cut of cuts) {
    // A change before a tool loop's latest thinking (`enabled`) would leave it out: not allowed.
    if (drops && cut < drops.earliest) break;
    for (const step of byMessage.get(cut) ?? []) pool.splice(insertionPoint(pool, step), 0, step);
    // Lower bound for this and every earlier cut: the rewrite alone, with the most any cut can save
    // (thinking left out costs more than it saves: cost-model.ts RETHINK_LOSS_PER_TOKEN).
    const bound =
      breakCost(input.model, cachedFrom(cut) - totalSaved) -
      futureValue(input.model, totalSaved, input.horizon);
    if (best && bound > best.cost + unsettled) break;
    const taken = greedy(pool, input.need);
    const first = firstMessage(taken.steps, end);
    const thinking = droppedBy(drops, first, end, cached);
    if (taken.saved + thinking.tokens < input.need) continue;
    const savedInCache = taken.steps.reduce((sum, s) => sum + (s.message < cached ? s.saved : 0), 0);
    const loss = taken.steps.reduce((sum, s) => sum + s.loss, 0) + thinking.loss;
    const rewrite = breakCost(input.model, cachedFrom(cut) - savedInCache - thinking.cached);
    const saved = taken.saved + thinking.tokens;
    const cost =
      rewrite + loss - futureValue(input.model, saved, input.horizon) - unsentValue(input, taken.steps);
    const atOnce = rewrite - futureValue(input.model, savedInCache + thinking.cached, 1);
    const selection = {
      ...taken,
      saved,
      cut: first,
      cost,
      feasible: true,
      atOnce,
      thinking: thinking.tokens,
    };
    if (first === behind && (!reaching || cost < reaching.cost)) reaching = selection;
    if (!best || cost < best.cost) {
      best = selection;
      const last = taken.steps.reduce((m, s) => Math.max(m, s.message), first);
      unsettled =
        behind !== undefined && behind < first ? breakCost(input.model, span(first, last) - taken.saved) : 0;
    }
  }
  if (best && reaching && reaching.cost < best.cost + unsettled) return reaching;
  if (best) return best;
  const all = [...input.steps].sort(compareSteps);
  const saved = all.reduce((sum, s) => sum + s.saved, 0);
  return { steps: all, saved, cut: firstMessage(all, end), cost: Number.POSITIVE_INFINITY, feasible: false };
}

/** On a cold cache only steps whose value exceeds their loss are candidates; position does not matter. */
function selectCold(input: PlanInput): Selection {
  const worth = new Set<string>();
  const candidates = input.steps.filter((step) => {
    if (step.afterSummary && !worth.has(step.key)) return false;
    const ok = coldValue(input.model, step.saved, input.horizon) > step.loss;
    if (ok && step.to === 'summary') worth.add(step.key);
    return ok;
  });
  const sorted = candidates.sort(compareSteps);
  const taken = greedy(sorted, input.need);
  const loss = taken.steps.reduce((sum, s) => sum + s.loss, 0);
  const cost = loss - coldValue(input.model, taken.saved, input.horizon);
  return {
    ...taken,
    cut: firstMessage(taken.steps, input.messageTokens.length),
    cost,
    feasible: taken.saved >= input.need,
  };
}

/**
 * The thinking a change from message `first` leaves out: the kept thinking after it when it is a
 * sent message (none when nothing sent changes), its tokens still in the cache, and its loss.
 */
export function droppedBy(
  drops: ThinkingDrops | undefined,
  first: number,
  end: number,
  cached: number,
): { tokens: number; cached: number; loss: number } {
  if (!drops || first >= drops.sent) return { tokens: 0, cached: 0, loss: 0 };
  const tokens = drops.tokens(first + 1, end);
  return { tokens, cached: drops.tokens(first + 1, cached), loss: drops.lossPerToken * tokens };
}

/** A block not sent yet is not written to the cache in its original form: what its steps save now. */
function unsentValue(input: Pick<PlanInput, 'drops' | 'model'>, steps: readonly Step[]): number {
  const { drops } = input;
  if (!drops) return 0;
  let saved = 0;
  for (const step of steps) if (step.message >= drops.sent) saved += step.saved;
  return input.model.write5m * saved;
}

function greedy(sorted: readonly Step[], need: number): { steps: Step[]; saved: number } {
  const steps: Step[] = [];
  let saved = 0;
  for (const step of sorted) {
    if (saved >= need) break;
    steps.push(step);
    saved += step.saved;
  }
  return { steps, saved };
}

function insertionPoint(sorted: readonly Step[], step: Step): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareSteps(sorted[mid] as Step, step) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Tokens the cache holds from message `m` to the end of the cached messages. Each call reads only
 * the messages between the last `m` asked and this one: the cuts are asked latest first.
 */
export function cachedTokensFrom(messageTokens: MessageTokens, cached: number): (m: number) => number {
  let from = cached;
  let sum = 0;
  return (m) => {
    while (from > m) sum += messageTokens.at(--from) ?? 0;
    while (from < Math.min(m, cached)) sum -= messageTokens.at(from++) ?? 0;
    return sum;
  };
}

function firstMessage(steps: readonly Step[], end: number): number {
  let first = end;
  for (const step of steps) if (step.message < first) first = step.message;
  return first;
}

/**
 * A profit event, below the high-water mark: of the batches "every summary step at or after a cut",
 * the one whose value over the calls to come (futureValue) exceeds `factor` × (cache rewrite from
 * the cut + expected loss) + the reasoning it leaves out by the most; undefined when none does. Only
 * summaries (phase 1): a stub is for pressure. Each step must also be worth its own loss. The value
 * counts cached reads only; tokens saved also shrink every later rewrite and write, so a factor below
 * 1 is still prudent. That allowance is for the cache's side of the trade, where it was chosen: the
 * thinking a change to a sent block leaves out (preserved thinking) is reasoning lost for good, priced
 * on its own at the output price (RETHINK_LOSS_PER_TOKEN), and counts in full. A batch that leaves
 * the earliest tool result it could shorten whole also pays for the region it leaves unsettled: the
 * batch that reaches back to that result wins when it costs less than that.
 */
export function selectProfitable(
  input: Omit<PlanInput, 'need' | 'cold'>,
  factor: number,
): Selection | undefined {
  const end = input.messageTokens.length;
  const cached = Math.min(input.cachedMessages, end);
  const cachedFrom = cachedTokensFrom(input.messageTokens, cached);
  const worth = input.steps.filter(
    (step) => step.phase === 1 && futureValue(input.model, step.saved, input.horizon) > factor * step.loss,
  );
  const byMessage = new Map<number, Step[]>();
  for (const step of worth) byMessage.set(step.message, [...(byMessage.get(step.message) ?? []), step]);
  const cuts = [...byMessage.keys()].sort((a, b) => b - a);
  const pool: Step[] = [];
  let saved = 0;
  let savedInCache = 0;
  let loss = 0;
  let best: Selection | undefined;
  let unsettled = 0;
  let reaching: Selection | undefined;
  const { drops } = input;
  const behind = leftBehind(worth, drops);
  const span = spanTokens(input.messageTokens, cuts[0]);
  for (const cut of cuts) {
    if (drops && cut < drops.earliest) break;
    for (const step of byMessage.get(cut) ?? []) {
      pool.push(step);
      saved += step.saved;
      if (step.message < cached) savedInCache += step.saved;
      loss += step.loss;
    }
    const thinking = droppedBy(drops, firstMessage(pool, end), end, cached);
    const rewrite = breakCost(input.model, cachedFrom(cut) - savedInCache - thinking.cached);
    const value = futureValue(input.model, saved + thinking.tokens, input.horizon) + unsentValue(input, pool);
    const cost = factor * (rewrite + loss) + thinking.loss - value;
    if (cost >= 0 || (best && cost >= best.cost && cut !== behind)) continue;
    const selection: Selection = {
      steps: [...pool],
      saved: saved + thinking.tokens,
      cut: firstMessage(pool, end),
      cost,
      feasible: true,
      thinking: thinking.tokens,
    };
    if (cut === behind) reaching = selection;
    if (!best || cost < best.cost) {
      best = selection;
      unsettled =
        behind !== undefined && behind < cut
          ? breakCost(input.model, span(cut, cuts[0] as number) - saved)
          : 0;
    }
  }
  // A batch that leaves the earliest tool result whole pays for the region it leaves unsettled.
  if (best && reaching && reaching.cost < best.cost + factor * unsettled) return reaching;
  return best;
}

/**
 * The earliest tool result among the steps (summaries, or media stubs, whose cut no thinking bars):
 * a cut after it leaves it whole, and the region the event compacts is then not settled — the next
 * event reads the cache only up to the block left whole, and writes the region again.
 */
function leftBehind(steps: readonly Step[], drops: ThinkingDrops | undefined): number | undefined {
  let first: number | undefined;
  for (const step of steps)
    if (
      step.toolResult &&
      (!drops || step.message >= drops.earliest) &&
      (first === undefined || step.message < first)
    )
      first = step.message;
  return first;
}

/**
 * Tokens of the messages from `from` to `to` (both in, at most `top`), each message read once: the
 * sums run down from `top` as far as the earliest message asked.
 */
function spanTokens(
  messageTokens: MessageTokens,
  top: number | undefined,
): (from: number, to: number) => number {
  const suffix = [0];
  const sumFrom = (m: number): number => {
    if (top === undefined || m > top) return 0;
    while (suffix.length <= top - m + 1) {
      const at = top + 1 - suffix.length;
      suffix.push((suffix.at(-1) as number) + (messageTokens.at(at) ?? 0));
    }
    return suffix[top - m + 1] as number;
  };
  return (from, to) => Math.max(0, sumFrom(from) - sumFrom(to + 1));
}

import type { Form } from '../../../core/garden/constants.js';
import { occursIn, type Needle } from '../needles.js';

/** A tool result the oracle can shorten, with the needles only it keeps in context. */
export interface OracleBlock {
  key: string;
  message: number;
  /** Needles this block must show at their use (no verbatim text before the use holds them). */
  needles: Needle[];
}

/**
 * Which block each needle depends on. A needle needs no tool result when a verbatim text (user,
 * assistant, tool call input, all kept as they are by the oracle) before its use already holds it,
 * or when the user's own text uses it: that text is in the context of the call it is used at
 * (docs/BENCH.md "kept in context", src/doors/bench/fidelity.ts keptInContext). Otherwise its first
 * tool result that holds it owns it.
 */
export function assignNeedles(
  needles: readonly Needle[],
  blocks: ReadonlyArray<{ key: string; message: number; text: string }>,
  verbatim: ReadonlyArray<{ message: number; text: string }>,
): Map<string, Needle[]> {
  const owned = new Map<string, Needle[]>();
  for (const needle of needles) {
    if (needle.usedRole === 'user') continue;
    if (verbatim.some((v) => v.message < needle.usedMessageIndex && occursIn(v.text, needle.text))) continue;
    const owner = blocks.find((b) => b.message < needle.usedMessageIndex && occursIn(b.text, needle.text));
    if (!owner) continue;
    const list = owned.get(owner.key);
    if (list) list.push(needle);
    else owned.set(owner.key, [needle]);
  }
  return owned;
}

/**
 * The form a block takes when it arrives, knowing the future: a stub when no later use needs it,
 * its summary when the summary shows every needle it owns, else the original. Chosen once, so no
 * later call rewrites it unless the window forces an event.
 */
export function arrivalForm(
  needles: readonly Needle[],
  summaryText: string | undefined,
  tokens: Partial<Record<Form, number>>,
): Form {
  const original = tokens.original ?? 0;
  if (needles.length === 0) return (tokens.stub ?? original) < original ? 'stub' : 'original';
  if (summaryText !== undefined && needles.every((n) => occursIn(summaryText, n.text))) return 'summary';
  return 'original';
}

export interface Demotion {
  key: string;
  to: Form;
  saved: number;
}

/**
 * The form changes of an event that must save `need` tokens at call `call`: first blocks whose
 * needles were all used (to stubs), then blocks whose summary still shows what is left to use, then,
 * when nothing else fits, blocks still needed (those used last go first). Oldest first within a tier,
 * as each change rewrites the cache from its message on anyway once the oldest is touched.
 */
export function demotions(
  blocks: ReadonlyArray<
    OracleBlock & { form: Form; tokens: Partial<Record<Form, number>>; summaryText?: string }
  >,
  call: number,
  need: number,
): Demotion[] {
  const tiers: Demotion[][] = [[], [], []];
  const nextUse = new Map<string, number>();
  for (const block of blocks) {
    if (block.form === 'stub') continue;
    const pending = block.needles.filter((n) => n.usedAt >= call);
    const now = block.tokens[block.form] ?? 0;
    const stub = block.tokens.stub ?? now;
    const summary = block.tokens.summary;
    if (pending.length === 0) {
      if (stub < now) tiers[0]?.push({ key: block.key, to: 'stub', saved: now - stub });
      continue;
    }
    nextUse.set(block.key, Math.min(...pending.map((n) => n.usedAt)));
    const summaryKeeps =
      block.summaryText !== undefined && pending.every((n) => occursIn(block.summaryText ?? '', n.text));
    if (block.form === 'original' && summary !== undefined && summary < now) {
      (summaryKeeps ? tiers[1] : tiers[2])?.push({ key: block.key, to: 'summary', saved: now - summary });
    } else if (stub < now) tiers[2]?.push({ key: block.key, to: 'stub', saved: now - stub });
  }
  tiers[2]?.sort((a, b) => (nextUse.get(b.key) ?? 0) - (nextUse.get(a.key) ?? 0));
  const chosen: Demotion[] = [];
  let saved = 0;
  for (const tier of tiers) {
    for (const step of tier) {
      if (saved >= need) return chosen;
      chosen.push(step);
      saved += step.saved;
    }
  }
  return chosen;
}

/**
 * Each time a chosen line shows a word, the word counts this much less on the lines still to choose:
 * forty look-alike lines sharing the same common words no longer crowd out the one line holding a
 * rarer word.
 */
export const SHOWN_DISCOUNT = 0.5;

interface Candidate {
  line: number;
  /** The line's gain when last computed: an upper bound of its gain now (gains only fall). */
  bound: number;
}

function gain(
  held: ReadonlySet<string>,
  weights: ReadonlyMap<string, number>,
  shown: ReadonlyMap<string, number>,
): number {
  let total = 0;
  for (const t of held) total += (weights.get(t) ?? 0) * SHOWN_DISCOUNT ** (shown.get(t) ?? 0);
  return total;
}

/** Whether `a` goes before `b`: the higher bound, then the earlier line. */
function before(a: Candidate, b: Candidate): boolean {
  return a.bound > b.bound || (a.bound === b.bound && a.line < b.line);
}

/**
 * A binary heap of candidates, the first (by `before`) on top. Written here rather than taken from a
 * package: the two functions are all the lazy greedy needs, and no dependency of the project has one.
 */
function push(heap: Candidate[], item: Candidate): void {
  let at = heap.push(item) - 1;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!before(item, heap[parent] as Candidate)) break;
    heap[at] = heap[parent] as Candidate;
    at = parent;
  }
  heap[at] = item;
}

function pop(heap: Candidate[]): Candidate | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length === 0 || last === undefined) return top;
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= heap.length) break;
    const right = heap[child + 1];
    if (right && before(right, heap[child] as Candidate)) child++;
    if (!before(heap[child] as Candidate, last)) break;
    heap[at] = heap[child] as Candidate;
    at = child;
  }
  heap[at] = last;
  return top;
}

/**
 * The 0-based lines that together best cover the words, in the order chosen: each the line whose
 * words add most given what the lines chosen before show (a word's weight falls by SHOWN_DISCOUNT
 * each time it is shown). The caller stops when it has enough. Lazy: a line's gain is computed
 * again only when its old gain would still put it first.
 */
export function* coveringLines(
  byLine: ReadonlyMap<number, ReadonlySet<string>>,
  weights: ReadonlyMap<string, number>,
): Generator<number, void, undefined> {
  const none = new Map<string, number>();
  const heap: Candidate[] = [];
  for (const [line, held] of byLine) push(heap, { line, bound: gain(held, weights, none) });
  const shown = new Map<string, number>();
  for (let top = pop(heap); top; top = pop(heap)) {
    const held = byLine.get(top.line) ?? new Set<string>();
    const now = { line: top.line, bound: gain(held, weights, shown) };
    const next = heap[0];
    if (next && before(next, now)) {
      push(heap, now);
      continue;
    }
    if (now.bound <= 0) return;
    yield now.line;
    for (const t of held) shown.set(t, (shown.get(t) ?? 0) + 1);
  }
}

import type { Candidate } from '../store/index.js';

/** Entries past the first `limit` whose texts are compared with the ones ranked above them. */
const LOOK_AHEAD = 6;
/**
 * Two entries repeat each other when this share of the lines of the shorter one are lines of the
 * other: a file read twice with a line edited, a command run again (docs/BENCH.md § Provenance).
 */
const REPEAT_SHARE = 0.8;
/** Lines are compared within this much of each text: enough to tell two reads apart, cheap on huge ones. */
const COMPARED_CHARS = 4_000;

type Texts = Map<number, { original: string; summary: string }>;

/** At most this many of the entries that repeat a hit are named on it. */
const MAX_NAMED_REPEATS = 2;

export interface Distinct<T> {
  ranked: T[];
  /** The texts of the entries compared, loaded once for the hits to show. */
  texts: Texts;
  /** The ids of the entries moved for repeating it, by the seq of the entry they repeat. */
  repeats: Map<number, string[]>;
}

/**
 * The ranked, with each entry that repeats one ranked above it moved to the end (and named on the
 * one it repeats, so its id stays in view). An agent reads a file again, reruns a command, greps the
 * same lines: each repeat matches a query as well as the first, and together they take the places
 * of the hits with one text. Only the first `limit + LOOK_AHEAD` entries the model does not see in
 * full (`inContext`) are compared: those are the ones that can become hits. An entry the query asks
 * for by name (`asked`: its recall hint) is never moved.
 */
export function fewRepeats<T extends { entry?: Candidate | undefined }>(
  ranked: readonly T[],
  limit: number,
  inContext: ((id: string) => boolean) | undefined,
  load: (seqs: number[]) => Texts,
  asked: (entry: Candidate) => boolean = () => false,
): Distinct<T> {
  const window = ranked
    .flatMap((r) => (r.entry && inContext?.(r.entry.id) !== true ? [r.entry] : []))
    .slice(0, limit + LOOK_AHEAD);
  const texts = load(window.map((e) => e.seq));
  const taken: Array<{ seq: number; lines: Set<string> }> = [];
  const repeats = new Map<number, string[]>();
  const moved = new Set<number>();
  for (const entry of window) {
    const lines = lineSet(texts.get(entry.seq)?.original ?? '');
    if (lines.size === 0) continue;
    const first = asked(entry) ? undefined : taken.find((other) => repeatsOf(lines, other.lines));
    if (!first) {
      taken.push({ seq: entry.seq, lines });
      continue;
    }
    moved.add(entry.seq);
    const named = repeats.get(first.seq) ?? [];
    if (named.length < MAX_NAMED_REPEATS) repeats.set(first.seq, [...named, entry.id]);
  }
  if (moved.size === 0) return { ranked: [...ranked], texts, repeats };
  const isMoved = (r: T) => r.entry !== undefined && moved.has(r.entry.seq);
  return { ranked: [...ranked.filter((r) => !isMoved(r)), ...ranked.filter(isMoved)], texts, repeats };
}

/** The distinct non-blank lines of a text's first COMPARED_CHARS, trimmed. */
export function lineSet(text: string): Set<string> {
  const lines = new Set<string>();
  for (const line of text.slice(0, COMPARED_CHARS).split('\n')) {
    const trimmed = line.trim();
    if (trimmed !== '') lines.add(trimmed);
  }
  return lines;
}

/** Whether most lines of the shorter of two texts are lines of the other. */
export function repeatsOf(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const line of small) if (large.has(line)) shared++;
  return shared >= REPEAT_SHARE * small.size;
}

/**
 * Which hits hold only part of what a query names. When the first hit holds nearly all of it (the
 * stub's own `recall("…")` names the block it stands for), a hit beside it that holds much less is
 * less likely the one asked for: it shows its best matched lines (PARTIAL_TOKENS), not a page.
 */

/**
 * The first hit is strong when the query words it holds weigh this share of all of them or more
 * (docs/BENCH.md § Provenance: lower, the later-text query loses facts held by hits behind a first
 * hit that only partly matches it).
 */
export const STRONG_FIRST = 0.8;
/**
 * Beside a strong first hit, a hit holding less than this share of the words the best hit holds
 * (by weight) shows its best matched lines only (docs/BENCH.md § Provenance).
 */
export const FULL_MATCH = 0.95;
/**
 * Tokens a partly matching hit shows: its best window of matched lines and its title, or its whole
 * original when that is shorter (docs/BENCH.md § Provenance).
 */
export const PARTIAL_TOKENS = 80;

/**
 * For each hit (in rank order, the first first), whether it matches the query only partly: the
 * first hit is strong, and this one holds less than FULL_MATCH of what the best one holds. `held`
 * is the summed weight of the distinct query words a hit's original holds (undefined: none shown
 * from it), `asked` that of all the query's words. The first hit is never partial.
 */
export function partlyMatching(held: ReadonlyArray<number | undefined>, asked: number): boolean[] {
  const first = held[0] ?? 0;
  const strong = asked > 0 && first >= STRONG_FIRST * asked;
  const most = Math.max(0, ...held.map((h) => h ?? 0));
  return held.map((h, i) => strong && i > 0 && h !== undefined && h < FULL_MATCH * most);
}

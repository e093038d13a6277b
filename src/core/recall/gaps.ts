import type { Passage } from './passages.js';

/**
 * A gap between two windows of a hit (or a window and the title) this many lines long at most is
 * closed before any window widens: a few lines between two windows (or under the title) are as likely
 * the ones asked for as any a window would widen into (docs/BENCH.md § Provenance).
 */
const MAX_GAP_LINES = 12;

/** What a hit may show, what it shows so far, and what one window's label takes (in characters). */
export interface GapRoom {
  room: number;
  chars: number;
  label: number;
}

/**
 * Closes the short gaps between a hit's windows, and between its title line and the window below
 * it, smallest first, while they fit in the room: the lines between two matching passages belong to
 * what both are about (the `__init__` between a class's matched header and its matched body), and a
 * window stopped a few lines short of the next leaves a hole the model cannot see into. Two windows
 * joined need one label, not two. `shown` gives the characters lines first..last take. Returns the
 * characters shown after.
 */
export function closeGaps(
  passages: Passage[],
  title: number,
  { room, chars, label }: GapRoom,
  shown: (first: number, last: number) => number,
  maxGap = MAX_GAP_LINES,
): number {
  const sorted = [...passages].sort((a, b) => a.first - b.first);
  const gaps: Array<{ size: number; close: () => void }> = [];
  const below = sorted.find((p) => p.first > title);
  const titleShown = sorted.some((p) => p.first <= title && p.last >= title);
  if (title > 0 && below && !titleShown && below.first - title - 1 <= maxGap)
    gaps.push({ size: shown(title + 1, below.first - 1), close: () => (below.first = title) });
  for (const [i, a] of sorted.entries()) {
    const b = sorted[i + 1];
    if (!b || b.first <= a.last + 1 || b.first - a.last - 1 > maxGap) continue;
    gaps.push({ size: shown(a.last + 1, b.first - 1) - label, close: () => (a.last = b.first - 1) });
  }
  gaps.sort((x, y) => x.size - y.size);
  let used = chars;
  for (const gap of gaps) {
    if (used + gap.size > room) break;
    gap.close();
    used += gap.size;
  }
  return used;
}

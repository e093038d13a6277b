import type { ContentClass } from '../../classify/index.js';
import { isMentioned } from '../../names/index.js';

/**
 * priority = base(class) + recency + reference bonus − staleness, within [0, 100]
 * (docs/DESIGN.md "Priority"). Ages are counted in turns (assistant
 * messages), not wall time, so a replay gives the same priorities as the live session.
 */
export const BASE_PRIORITY: Readonly<Record<ContentClass, number>> = {
  prompt: 90,
  error: 80,
  code: 60,
  prose: 40,
  structured: 30,
  log: 20,
};

/** Images and documents: worth as much as prose (the plan gives them no class of their own). */
export const MEDIA_PRIORITY = 40;
/** Bonus right after a block appeared or was recalled; it fades out linearly over RECENCY_TURNS. */
export const RECENCY_BONUS = 15;
export const RECENCY_TURNS = 15;
/** Bonus when the recent turns mention one of the block's paths, identifiers or error names. */
export const REFERENCE_BONUS = 20;
/** Penalty per turn since the block appeared or was last recalled, capped at STALENESS_MAX. */
export const STALENESS_PER_TURN = 0.5;
export const STALENESS_MAX = 25;

export interface PriorityInput {
  /** Content class, or undefined for media. */
  cls: ContentClass | undefined;
  /** Turns since the block appeared or was last recalled (the staleness timer resets on recall). */
  age: number;
  terms: readonly string[];
}

/** Priority of one block given the words of the recent turns. */
export function priority(input: PriorityInput, mentions: ReadonlySet<string>): number {
  const base = input.cls === undefined ? MEDIA_PRIORITY : BASE_PRIORITY[input.cls];
  const age = Math.max(0, input.age);
  const recency = RECENCY_BONUS * Math.max(0, 1 - age / RECENCY_TURNS);
  const reference = isMentioned(input.terms, mentions) ? REFERENCE_BONUS : 0;
  const staleness = Math.min(STALENESS_MAX, age * STALENESS_PER_TURN);
  return Math.min(100, Math.max(0, base + recency + reference - staleness));
}

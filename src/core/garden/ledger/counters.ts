/** Counters. */
export interface GardenCounters {
  events: number;
  /** Σ over renders of (tokens the request would have had untouched − tokens rendered). */
  tokensSaved: number;
  injectedTokens: number;
  markersStripped: number;
  mediaBytesDeduplicated: number;
  stubsRecalled: number;
  blocksIngested: number;
  renders: number;
  /** Thinking blocks left out for good, because a change before them would fail the prefix check. */
  thinkingDropped: number;
  /**
   * Thinking blocks the check before sending found bound to something the plan changed anyway, and
   * left out then (a slip of the plan's pricing: should stay 0).
   */
  thinkingRepaired: number;
}

export function emptyCounters(): GardenCounters {
  return {
    events: 0,
    tokensSaved: 0,
    injectedTokens: 0,
    markersStripped: 0,
    mediaBytesDeduplicated: 0,
    stubsRecalled: 0,
    blocksIngested: 0,
    renders: 0,
    thinkingDropped: 0,
    thinkingRepaired: 0,
  };
}

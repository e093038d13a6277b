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
  };
}

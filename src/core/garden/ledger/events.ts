/** One compaction event: a batch of form changes (or an explicit recall / forget). */
export interface GardenEvent {
  seq: number;
  kind: 'pressure' | 'profit' | 'cold' | 'target' | 'compact-all' | 'recall' | 'forget' | 'pin' | 'restore';
  /** Milliseconds since the epoch (config `now()`). */
  at: number;
  /** Render count when it happened. */
  call: number;
  changed: number;
  tokensBefore: number;
  tokensAfter: number;
  /** First message whose rendering changed: the cache is rewritten from here on. */
  firstMessage: number;
}

/** Events kept in memory (events() returns them; the counters keep totals). */
const KEPT_EVENTS = 200;

/** Adds an event to the log kept in memory, the oldest dropped past KEPT_EVENTS. */
export function logEvent(events: GardenEvent[], event: GardenEvent): void {
  events.push(event);
  if (events.length > KEPT_EVENTS) events.splice(0, events.length - KEPT_EVENTS);
}

import { describe, expect, it } from 'vitest';
import { summaryLines, statusText } from '../../src/proxy/report.js';
import { emptyTally, tallyRecord, tallyTotals } from '../../src/proxy/tally.js';
import { liveFigures } from '../../src/proxy/live.js';
import { requestRecord } from './support.js';

const record = requestRecord;

describe('what the proxy did, tallied', () => {
  it('sums tokens and a cache-aware cost against the same calls sent raw', () => {
    let tally = emptyTally();
    // Call 1: nothing shortened, all written to the cache.
    tally = tallyRecord(
      tally,
      record({
        rawTokens: 10_000,
        sentTokens: 10_000,
        usage: { input: 0, cacheRead: 0, cacheWrite: 10_000, output: 10 },
      }),
    );
    // Call 2: an event; the raw call would have read 10k from cache and written 40k more.
    tally = tallyRecord(
      tally,
      record({
        rawTokens: 50_000,
        sentTokens: 20_000,
        event: { kind: 'pressure', changed: 3, tokensBefore: 50_000, tokensAfter: 20_000 },
        usage: { input: 0, cacheRead: 5_000, cacheWrite: 15_000, output: 10 },
      }),
    );
    const row = tally.sessions['s~1']!;
    expect(row.requests).toBe(2);
    expect(row.events).toBe(1);
    expect(row.tokensSaved).toBe(30_000);
    expect(row.costSent).toBeCloseTo(12_500 + 500 + 18_750);
    expect(row.costRaw).toBeCloseTo(12_500 + 1_000 + 50_000);
    expect(tallyTotals(tally)).toMatchObject({ events: 1, tokensRaw: 60_000, tokensSent: 30_000 });
    // Sonnet input at $3 per million tokens.
    expect(row.dollarsRaw).toBeCloseTo((row.costRaw * 3) / 1e6);
    expect(summaryLines(tally)[2]).toBe('  input cost (cache-aware estimate): $0.10 vs $0.19 raw (−50%)');
    expect(summaryLines(tally)[0]).toBe('gardener: 2 requests (2 gardened), 1 session, 1 compaction event');
    expect(statusText(liveFigures({ ...row, clientSession: 's' }))).toBe(
      'gardener 20% of 100k · 20k tok in context · raw 50k · 1 event · cost −50%',
    );
  });

  it('counts requests passed through unchanged and refused ones, outside any session', () => {
    let tally = emptyTally();
    tally = tallyRecord(tally, record({ gardened: false, failOpen: 'body is not JSON', session: undefined }));
    tally = tallyRecord(tally, record({ kind: 'refused', status: 403, gardened: false, session: undefined }));
    expect(tally).toMatchObject({ requests: 2, gardened: 0, passedThrough: 1, refused: 1 });
    expect(Object.keys(tally.sessions)).toEqual([]);
  });
});

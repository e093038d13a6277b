import { describe, expect, it } from 'vitest';
import { summaryLines } from '../../../src/doors/proxy/report.js';
import { emptyTally, tallyRecord, tallyTotals } from '../../../src/doors/proxy/tally.js';
import { liveFigures, statusText } from '../../../src/doors/kit/live.js';
import { requestRecord } from './support.js';

const record = requestRecord;

describe('what the proxy did, tallied', () => {
  /** A modelled bill: `read` and `written` tokens, nothing uncached. */
  const bill = (read: number, written: number) => ({
    uncached: 0,
    read,
    written5m: written,
    written1h: 0,
    readUnits: 1,
  });

  it('sums tokens, the cost paid, and the unmanaged cost from the cache model', () => {
    let tally = emptyTally();
    // Call 1: nothing shortened, the client's bytes went out: the model bills both the same.
    tally = tallyRecord(
      tally,
      record({
        rawTokens: 10_000,
        sentTokens: 10_000,
        usage: { input: 0, cacheRead: 0, cacheWrite: 10_000, output: 10 },
        modelled: { raw: bill(0, 10_000), sent: bill(0, 10_000) },
      }),
    );
    // Call 2: an event. Unmanaged, the model reads 10k and writes 40k; gardened it read 5k and wrote 15k.
    tally = tallyRecord(
      tally,
      record({
        rawTokens: 50_000,
        sentTokens: 20_000,
        event: { kind: 'pressure', changed: 3, tokensBefore: 50_000, tokensAfter: 20_000 },
        usage: { input: 0, cacheRead: 5_000, cacheWrite: 15_000, output: 10 },
        modelled: { raw: bill(10_000, 40_000), sent: bill(5_000, 15_000) },
      }),
    );
    const row = tally.sessions['s~1']!;
    expect(row.requests).toBe(2);
    expect(row.events).toBe(1);
    expect(row.tokensSaved).toBe(30_000);
    expect(row.costSent).toBeCloseTo(12_500 + 500 + 18_750);
    // Paid + (model raw − model sent): 12,500 + 0, then 19,250 + (51,000 − 19,250).
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

  it('saves 0% on requests that went out as the client sent them', () => {
    let tally = emptyTally();
    // A client without breakpoints: nothing cached, all paid uncached; the model bills raw and sent alike.
    for (const tokens of [1_000, 3_000, 6_000])
      tally = tallyRecord(
        tally,
        record({
          rawTokens: tokens,
          sentTokens: tokens,
          usage: { input: tokens, cacheRead: 0, cacheWrite: 0, output: 5 },
          modelled: { raw: { ...bill(0, 0), uncached: tokens }, sent: { ...bill(0, 0), uncached: tokens } },
        }),
      );
    // Failed open (no modelled bill): the same request both ways.
    tally = tallyRecord(
      tally,
      record({
        rawTokens: 500,
        sentTokens: 500,
        usage: { input: 500, cacheRead: 0, cacheWrite: 0, output: 1 },
      }),
    );
    const totals = tallyTotals(tally);
    expect(totals.costRaw).toBe(totals.costSent);
    expect(totals.dollarsRaw).toBe(totals.dollarsSent);
    expect(summaryLines(tally)[2]).toMatch(/vs \$\d\.\d\d raw \(0%\)$/);
  });

  it('keeps failed requests apart, and claims nothing for a request unmanaged could not send', () => {
    let tally = emptyTally();
    const answered = {
      rawTokens: 10_000,
      sentTokens: 10_000,
      usage: { input: 10_000, cacheRead: 0, cacheWrite: 0, output: 5 },
    };
    tally = tallyRecord(tally, record(answered));
    tally = tallyRecord(tally, record({ status: 413, rawTokens: 9_000_000, sentTokens: 9_000_000 }));
    tally = tallyRecord(tally, record({ status: 502, rawTokens: 40_000, sentTokens: 40_000 }));
    // 10.8M tokens as the client sent them, 20k gardened: unmanaged it could never have gone out.
    tally = tallyRecord(
      tally,
      record({
        rawTokens: 10_800_000,
        sentTokens: 20_000,
        rawOverWindow: true,
        usage: { input: 20_000, cacheRead: 0, cacheWrite: 0, output: 5 },
        modelled: { raw: bill(0, 10_800_000), sent: { ...bill(0, 0), uncached: 20_000 } },
      }),
    );
    const row = tally.sessions['s~1']!;
    expect(row).toMatchObject({ requests: 4, failed: 2, rawOverWindow: 1 });
    expect(row.tokensSentTotal).toBe(30_000);
    expect(row.costRaw).toBe(row.costSent);
    expect(tallyTotals(tally).failed).toBe(2);
    expect(summaryLines(tally)).toContain(
      '  2 failed requests (an error, or no answer) kept out of these figures',
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

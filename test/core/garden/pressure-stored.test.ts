import { describe, expect, it } from 'vitest';
import { storedPressure } from '../../../src/core/garden/plan/stored-pressure.js';

describe('storedPressure', () => {
  it('reports the plan §1.5 figures and recommends the class that saves most', () => {
    const report = storedPressure({
      entries: 83,
      byClass: {
        log: { count: 45, tokensOriginal: 42_000, tokensSummary: 3_200 },
        code: { count: 38, tokensOriginal: 28_000, tokensSummary: 9_800 },
      },
      tokensOriginal: 70_000,
      tokensSummary: 13_000,
      notes: 0,
      databaseBytes: 1,
      redactions: 0,
      evictionCandidates: 23,
    });
    expect(report).toEqual({
      entries_tracked: 83,
      total_original_tokens: 70_000,
      total_summary_tokens: 13_000,
      compression_ratio: 0.186,
      by_class: {
        log: { count: 45, orig: 42_000, sum: 3_200, ratio: 0.076 },
        code: { count: 38, orig: 28_000, sum: 9_800, ratio: 0.35 },
      },
      eviction_candidates: 23,
      recommendation: '45 log entries consuming 42k tokens could be compressed to 3.2k',
    });
  });

  it('says there is nothing to do for an empty session', () => {
    const report = storedPressure({
      entries: 0,
      byClass: {},
      tokensOriginal: 0,
      tokensSummary: 0,
      notes: 0,
      databaseBytes: 0,
      redactions: 0,
    });
    expect(report.compression_ratio).toBe(0);
    expect(report.recommendation).toMatch(/nothing to compress/);
  });
});

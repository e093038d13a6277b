import { describe, expect, it } from 'vitest';
import { formatRecallText, recallWire } from '../../src/recall/format.js';
import { contextPressure, shortTokens } from '../../src/recall/pressure.js';
import type { RecallResult } from '../../src/store/types.js';

describe('contextPressure', () => {
  it('reports the plan §1.5 figures and recommends the class that saves most', () => {
    const report = contextPressure({
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
      compression_ratio: 0.19,
      by_class: {
        log: { count: 45, orig: 42_000, sum: 3_200, ratio: 0.08 },
        code: { count: 38, orig: 28_000, sum: 9_800, ratio: 0.35 },
      },
      eviction_candidates: 23,
      recommendation: '45 log entries consuming 42k tokens could be compressed to 3.2k',
    });
  });

  it('says there is nothing to do for an empty session', () => {
    const report = contextPressure({
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

  it('shortens token counts', () => {
    expect([950, 3_200, 42_000, 123_456].map(shortTokens)).toEqual(['950', '3.2k', '42k', '123k']);
  });
});

describe('recall output', () => {
  const result: RecallResult = {
    hits: [
      {
        id: 'a3f2k9m1',
        class: 'log',
        sourceTool: 'Bash',
        text: 'FAILED test_x\nE  assert 1 == 2',
        score: 1.234,
        relevanceSignal: ['keyword:test_x', 'recent'],
        createdAt: Date.UTC(2025, 0, 1, 10),
        form: 'snippet',
      },
    ],
    coverage: { entriesScanned: 1234, from: Date.UTC(2025, 0, 1, 9), to: Date.UTC(2025, 0, 1, 11, 30) },
    truncated: false,
  };

  it('formats text: header, signals, indented text, coverage footer', () => {
    expect(formatRecallText(result)).toBe(
      'a3f2k9m1  log         Bash  score 1.23\n  keyword:test_x · recent\n    FAILED test_x\n    E  assert 1 == 2\n\n1 hit · 1,234 entries searched · 2025-01-01 09:00 → 11:30 UTC\n',
    );
  });

  it('has a snake_case wire form with a joined relevance_signal and an ISO time range', () => {
    expect(recallWire(result)).toEqual({
      results: [
        {
          id: 'a3f2k9m1',
          class: 'log',
          source: { tool: 'Bash', path: null },
          form: 'snippet',
          text: 'FAILED test_x\nE  assert 1 == 2',
          score: 1.234,
          relevance_signal: 'keyword:test_x, recent',
          created_at: '2025-01-01T10:00:00.000Z',
        },
      ],
      coverage: {
        entries_scanned: 1234,
        time_range: ['2025-01-01T09:00:00.000Z', '2025-01-01T11:30:00.000Z'],
      },
      truncated: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { formatRecallText, recallWire } from '../../../src/core/recall/format.js';
import type { RecallResult } from '../../../src/core/store/types.js';

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

  it('says "1 entry searched", not "1 entries"', () => {
    const one = { ...result, coverage: { ...result.coverage, entriesScanned: 1 } };
    expect(formatRecallText(one)).toMatch(/\n1 hit · 1 entry searched · /);
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

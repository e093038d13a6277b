import { describe, expect, it } from 'vitest';
import {
  advance,
  clock,
  initialProgress,
  progressLine,
} from '../../../../src/doors/bench/report/progress.js';

describe('progress line', () => {
  it('shows sessions done, elapsed time, the strategy at work and the current session', () => {
    let state = initialProgress();
    state = advance(state, { type: 'skip', source: 'x', reason: 'bad' });
    state = advance(state, { type: 'start', sessions: 40, strategies: ['raw', 'mask'] });
    state = advance(state, {
      type: 'session-start',
      index: 12,
      total: 40,
      label: 'sessions/a.jsonl',
      calls: 120,
    });
    state = advance(state, {
      type: 'progress',
      index: 12,
      total: 40,
      label: 'sessions/a.jsonl',
      strategy: 'mask',
      call: 48,
      calls: 120,
    });
    expect(progressLine(state, 65_000, 2, 200)).toBe(
      '⠹ 0/40 sessions · 01:05 · mask 48/120 · 1 skipped · sessions/a.jsonl',
    );
  });

  it('shortens a long session label from the left to fit the width', () => {
    let state = advance(initialProgress(), { type: 'start', sessions: 2, strategies: ['raw'] });
    state = advance(state, {
      type: 'session-start',
      index: 0,
      total: 2,
      label: 'a/very/long/path/to/the/session/file.jsonl',
      calls: 3,
    });
    const line = progressLine(state, 0, 0, 40);
    expect(line.length).toBeLessThanOrEqual(40);
    expect(line).toMatch(/….*file\.jsonl$/);
  });

  it('formats elapsed time as mm:ss', () => {
    expect(clock(3_599_000)).toBe('59:59');
  });
});

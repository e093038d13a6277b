import { describe, expect, it } from 'vitest';
import { builtinSessions } from '../../../src/doors/bench/builtin/index.js';
import { splitCalls } from '../../../src/doors/bench/calls.js';
import { findNeedles } from '../../../src/doors/bench/needles.js';
import { SUMMARY_TRIGGER } from '../../../src/doors/bench/strategies/summary.js';
import { countRequest } from '../../../src/core/tokens/count.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { toRequest } from '../../../src/core/transcript/types.js';
import { validate } from '../../../src/core/transcript/validate.js';

describe('built-in sessions', () => {
  const sessions = builtinSessions();

  it('are deterministic: the same bytes on every call', () => {
    expect(JSON.stringify(builtinSessions())).toBe(JSON.stringify(sessions));
  });

  it('are valid Messages API requests', () => {
    for (const t of sessions) expect(validate(toRequest(t)), t.id).toMatchObject({ ok: true });
  });

  it('include at least two sessions long enough to force compaction at --window 32000, with needles', () => {
    const long = sessions.filter(
      (t) => countRequest(defaultTokenizer(), toRequest(t)) > 32_000 * SUMMARY_TRIGGER,
    );
    expect(long.length).toBeGreaterThanOrEqual(2);
    for (const t of long) expect(findNeedles(t).length, t.id).toBeGreaterThanOrEqual(10);
  });

  it('cover a format without tool blocks and a short session that is reported but not aggregated', () => {
    expect(sessions.some((t) => t.format === 'mini-swe-agent')).toBe(true);
    expect(sessions.some((t) => splitCalls(t).length < 10)).toBe(true);
    expect(new Set(sessions.map((t) => t.id)).size).toBe(sessions.length);
  });
});

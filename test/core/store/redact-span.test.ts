import { describe, expect, it } from 'vitest';
import { safeSpan } from '../../../src/core/store/redact-span.js';

/** The part of `text` between the first `[` and the first `]` that safeSpan keeps (markers stripped). */
function kept(marked: string): string | undefined {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  const text = marked.replace('[', '').replace(']', '');
  const span = safeSpan(text, start, end);
  return span && text.slice(span[0], span[1]);
}

describe('safeSpan: where a redaction may cut a text', () => {
  it('keeps a span with no escapes as it is', () => {
    expect(kept('password=[hunter2] ok')).toBe('hunter2');
  });

  it('steps past an escape the span starts inside', () => {
    expect(kept('a\\[nsecret] b')).toBe('secret');
    expect(kept('a\\[u00e9secret] b')).toBe('secret');
  });

  it('stops before an escape the span ends inside', () => {
    expect(kept('"[secret\\]" tail"')).toBe('secret');
    expect(kept('"[secret\\u00]e9"')).toBe('secret');
  });

  it('keeps whole escapes inside the span, and an even run of backslashes is no escape of what follows', () => {
    expect(kept('"[se\\"cr\\\\et]"')).toBe('se\\"cr\\\\et');
    expect(kept('a\\\\[nsecret] b')).toBe('nsecret');
  });

  it('never splits a surrogate pair, and gives nothing when nothing whole is left', () => {
    expect(kept('x😀[😀ab]')).toBe('😀ab');
    expect(kept('x[ab😀]')).toBe('ab😀');
    const text = 'ab😀cd';
    expect(safeSpan(text, 1, 3)).toEqual([1, 2]);
    expect(safeSpan(text, 3, 5)).toEqual([4, 5]);
    expect(safeSpan('a\\"b', 1, 2)).toBeUndefined();
  });
});

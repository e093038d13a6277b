import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../../../src/doors/bench/glob.js';

describe('globToRegExp', () => {
  it('matches * within a segment, ** across segments, ? and sets', () => {
    expect(globToRegExp('*.jsonl').test('abc.jsonl')).toBe(true);
    expect(globToRegExp('*.jsonl').test('a/abc.jsonl')).toBe(false);
    expect(globToRegExp('**/claude-code-log/**').test('../shared/sessions/claude-code-log/p/a.jsonl')).toBe(
      true,
    );
    expect(globToRegExp('sessions/**/*.traj').test('sessions/x.traj')).toBe(true);
    expect(globToRegExp('run-?.json').test('run-7.json')).toBe(true);
    expect(globToRegExp('run-[0-3].json').test('run-7.json')).toBe(false);
    expect(globToRegExp('*.{traj,json}').test('a.traj')).toBe(true);
    expect(globToRegExp('a.b').test('axb')).toBe(false);
  });
});

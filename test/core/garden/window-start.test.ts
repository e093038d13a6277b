import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyView, type MessageView, type View } from '../../../src/core/garden/view/view.js';
import { windowStart } from '../../../src/core/garden/plan/window.js';

function viewOf(roles: readonly string[]): View {
  const messages = roles.map((role, turn): MessageView => ({
    role,
    source: { role: role as 'user', content: 'x' },
    isString: true,
    passthrough: false,
    slots: [],
    turn,
    figures: undefined,
  }));
  return { ...emptyView(), messages };
}

/** The window's definition, read literally: the earliest of the last k assistant messages (k ≥ 2) whose suffix fits. */
function definition(roles: readonly string[], keep: number, sizes: readonly number[], max: number): number {
  if (roles.length === 0) return 0;
  if (keep === 0) return roles.length - 1;
  const assistants = roles.flatMap((role, i) => (role === 'assistant' ? [i] : []));
  if (assistants.length === 0) return 0;
  const suffix = (from: number) => sizes.slice(from).reduce((a, b) => a + b, 0);
  for (let k = Math.min(keep, assistants.length); k > 1; k--) {
    const start = assistants[assistants.length - k]!;
    if (suffix(start) <= max) return start;
  }
  return assistants[assistants.length - 1]!;
}

describe('windowStart walks back from the newest message', () => {
  it('gives the first message of the window as defined, for any roles, sizes and limits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('user', 'assistant', 'system'), fc.integer({ min: 4, max: 500 })), {
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 4_000 }),
        (messages, keep, max) => {
          const roles = messages.map(([role]) => role);
          const sizes = messages.map(([, size]) => size);
          const got = windowStart(viewOf(roles), keep, (m) => sizes[m] ?? 0, max);
          expect(got).toBe(definition(roles, keep, sizes, max));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads the sizes of the window only, not of the whole session', () => {
    const roles = Array.from({ length: 10_000 }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant'));
    const read = new Set<number>();
    const start = windowStart(viewOf(roles), 3, (m) => (read.add(m), 10), 1_000);
    expect(start).toBe(9_995);
    expect(Math.min(...read)).toBe(9_995);
  });
});

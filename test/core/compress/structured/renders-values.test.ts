import { describe, expect, it } from 'vitest';
import { pinKept } from '../../../../src/core/compress/structured/keep.js';
import { isFailure, kindCounts } from '../../../../src/core/compress/structured/keys.js';
import {
  LEVELS,
  formatKey,
  formatString,
  renderValue,
} from '../../../../src/core/compress/structured/render.js';
import type { Level } from '../../../../src/core/compress/structured/render.js';
import type { Json } from '../../../../src/core/compress/structured/value.js';

const level: Level = LEVELS[0]!;
const render = (value: Json, keep: string[] = [], at: Level = level): string => {
  const set = new Set(keep);
  return renderValue(value, {
    level: at,
    keep: set,
    pinned: pinKept(value, set),
    rootList: Array.isArray(value),
  });
};

describe('renderValue', () => {
  it('writes small containers on one line with bare keys', () => {
    expect(render({ name: 'x', 'odd key': 1, list: [1, 2], empty: {} })).toBe(
      '{name: "x", "odd key": 1, list: [1, 2], empty: {}}',
    );
  });

  it('collapses containers deeper than the level with their key count and names', () => {
    const deep = { a: { b: { c: { d: { e: 1, f: 2 } } } } };
    expect(render(deep)).toBe('{a: {b: {c: {d: {… 2 keys: e, f}}}}}');
  });

  it('shows identifying fields inside a collapsed object', () => {
    const deep = { a: { b: { c: { d: { id: 7, name: 'n', size: 3, more: [] } } } } };
    expect(render(deep)).toContain('d: {id: 7, name: "n", … 2 more keys: size, more}');
  });

  it('shows short scalars of a collapsed array', () => {
    const deep = { a: { tags: ['x', 'y', 'z'] } };
    expect(render(deep, [], LEVELS[4])).toContain('["x", "y", "z"]');
  });

  it('lists elided keys of a large object after the first ones', () => {
    const wide: Record<string, Json> = {};
    for (let i = 0; i < 30; i++) wide[`k${i}`] = i;
    const out = render({ wide });
    expect(out).toContain('k15: 15');
    expect(out).toContain('… 14 more keys: k16, k17,');
    expect(out).not.toContain('k29: 29');
  });

  it('shows every top-level key whatever the level', () => {
    const top: Record<string, Json> = {};
    for (let i = 0; i < 50; i++) top[`key${i}`] = { nested: { deeper: i } };
    const out = render(top, [], LEVELS[4]);
    for (let i = 0; i < 50; i++) expect(out).toContain(`key${i}:`);
  });

  it('shows failed items of a long list out of order', () => {
    const runs: Json[] = Array.from({ length: 20 }, (_, i) => ({
      id: i,
      status: i === 13 ? 'failed' : 'ok',
    }));
    const out = render({ runs });
    expect(out).toContain('{id: 13, status: "failed"}');
    expect(out).toContain('… 10 items with keys {id, status}');
    expect(out).toContain('… 6 more items with keys {id, status}; status: ok×6');
  });
});

describe('formatString and formatKey', () => {
  it('cuts long strings with their length but keeps ones barely over', () => {
    expect(formatString('a'.repeat(50), 10)).toBe(`"${'a'.repeat(10)}…(50 chars)"`);
    expect(formatString('a'.repeat(20), 10)).toBe(`"${'a'.repeat(20)}"`);
  });

  it('quotes keys that are not plain names', () => {
    expect(formatKey('@scope/pkg')).toBe('@scope/pkg');
    expect(formatKey('has space')).toBe('"has space"');
    expect(formatKey('')).toBe('""');
  });
});

describe('record helpers', () => {
  it('tells failed records', () => {
    expect(isFailure({ conclusion: 'failure' })).toBe(true);
    expect(isFailure({ error: null, status: 'ok' })).toBe(false);
    expect(isFailure({ errors: ['x'] })).toBe(true);
  });

  it('counts records by their first shared discriminator', () => {
    expect(kindCounts([{ type: 'a' }, { type: 'b' }, { type: 'a' }])).toBe('type: a×2, b×1');
    expect(kindCounts([{ type: 'a' }, 3])).toBeUndefined();
    expect(kindCounts([{ id: 'u1' }, { id: 'u2' }])).toBeUndefined();
  });

  it('pins the path to a kept key', () => {
    const leaf = { secret: 1 };
    const mid = { leaf };
    const root = { mid, other: { x: 1 } };
    const pinned = pinKept(root, new Set(['secret']));
    expect([...pinned]).toEqual(expect.arrayContaining([root, mid, leaf]));
    expect(pinned.has(root.other)).toBe(false);
  });
});

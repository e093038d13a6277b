import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLru } from '../../../src/core/lru/index.js';
import { GardenerError } from '../../../src/errors.js';

describe('createLru', () => {
  it('drops the least recently set past maxEntries; set again makes an entry the newest', () => {
    const lru = createLru<string, number>({ maxEntries: 2 });
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('a', 3);
    lru.set('c', 4);
    expect([...lru.entries()]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
    expect(lru.has('b')).toBe(false);
  });

  it('get marks an entry used; peek, has and the iterators do not', () => {
    const lru = createLru<string, number>({ maxEntries: 2 });
    lru.set('a', 1);
    lru.set('b', 2);
    expect([lru.peek('a'), lru.has('a'), [...lru.keys()]]).toEqual([1, true, ['a', 'b']]);
    lru.set('c', 3);
    expect([...lru.keys()]).toEqual(['b', 'c']);
    expect(lru.get('b')).toBe(2);
    lru.set('d', 4);
    expect([...lru.keys()]).toEqual(['b', 'd']);
    expect(lru.get('gone')).toBeUndefined();
  });

  it('keeps the weights under maxWeight, never dropping the entry just set', () => {
    const lru = createLru<string, { bytes: number }>({ maxWeight: 100, weigh: (v) => v.bytes });
    lru.set('a', { bytes: 40 });
    lru.set('b', { bytes: 40 });
    lru.set('a', { bytes: 50 });
    expect(lru.weight).toBe(90);
    lru.set('c', { bytes: 30 });
    expect([...lru.keys()]).toEqual(['a', 'c']);
    lru.set('d', { bytes: 150 });
    expect([[...lru.keys()], lru.weight]).toEqual([['d'], 150]);
    expect(lru.delete('d')).toBe(true);
    expect([lru.size, lru.weight, lru.delete('d')]).toEqual([0, 0, false]);
  });

  it('tells onEvict of what it drops, not of delete or clear', () => {
    const evicted: string[] = [];
    const lru = createLru<string, number>({
      maxEntries: 1,
      onEvict: (value, key) => evicted.push(`${key}=${value}`),
    });
    lru.set('a', 1);
    lru.set('b', 2);
    lru.delete('b');
    lru.set('c', 3);
    lru.clear();
    expect(evicted).toEqual(['a=1']);
    expect(lru.size).toBe(0);
  });

  it('refuses a bound that keeps nothing', () => {
    expect(() => createLru({ maxEntries: 0 })).toThrow(GardenerError);
    expect(() => createLru({ maxWeight: 0.5 })).toThrow(
      /maxWeight must be a whole number of at least 1, not 0.5/,
    );
  });

  it('agrees with a list kept in order of use, for any sequence of operations', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.integer({ min: 0, max: 6 }),
        weight: fc.nat(60),
      }),
      fc.record({
        kind: fc.constantFrom('get' as const, 'peek' as const, 'delete' as const),
        key: fc.integer({ min: 0, max: 6 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 120 }),
        fc.array(op),
        (maxEntries, maxWeight, ops) => {
          const lru = createLru<number, number>({ maxEntries, maxWeight, weigh: (w) => w });
          let model: [number, number][] = [];
          const total = () => model.reduce((sum, [, w]) => sum + w, 0);
          for (const o of ops) {
            const at = model.findIndex(([k]) => k === o.key);
            if (o.kind === 'set') {
              if (at >= 0) model.splice(at, 1);
              model.push([o.key, o.weight]);
              while (model.length > 1 && (model.length > maxEntries || total() > maxWeight)) model.shift();
              lru.set(o.key, o.weight);
            } else if (o.kind === 'get') {
              if (at >= 0) model.push(...model.splice(at, 1));
              expect(lru.get(o.key)).toBe(at >= 0 ? model[model.length - 1]![1] : undefined);
            } else if (o.kind === 'peek') {
              expect(lru.peek(o.key)).toBe(at >= 0 ? model[at]![1] : undefined);
            } else {
              if (at >= 0) model = model.filter(([k]) => k !== o.key);
              expect(lru.delete(o.key)).toBe(at >= 0);
            }
            expect([...lru.entries()]).toEqual(model);
            expect(lru.weight).toBe(total());
          }
        },
      ),
    );
  });
});

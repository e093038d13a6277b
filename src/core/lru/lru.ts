import { GardenerError } from '../../errors.js';

export interface LruOptions<K, V> {
  /** Entries kept at most; unbounded when not given. */
  maxEntries?: number;
  /** The kept values' weights (`weigh`) together stay at most this; unbounded when not given. */
  maxWeight?: number;
  /** A value's weight against `maxWeight` (its bytes, say); every value weighs 0 without it. */
  weigh?: (value: V) => number;
  /** Told of each entry dropped to stay within the bounds (not of `delete` or `clear`). */
  onEvict?: (value: V, key: K) => void;
}

/**
 * A map that keeps its most recently used entries: `set` makes an entry the newest, and while the
 * entries are more than `maxEntries` or weigh more than `maxWeight` the least recent goes, never the
 * one just set (a value heavier than `maxWeight` alone stays, by itself). `get` marks an entry used;
 * `peek`, `has` and the iterators (least recent first) do not.
 */
export interface Lru<K, V> {
  readonly size: number;
  /** The kept values' weights together. */
  readonly weight: number;
  has(key: K): boolean;
  /** The value, the entry now the most recent. */
  get(key: K): V | undefined;
  /** The value, the order left as it is. */
  peek(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): boolean;
  clear(): void;
  keys(): IterableIterator<K>;
  values(): IterableIterator<V>;
  entries(): IterableIterator<[K, V]>;
}

function checkBound(name: string, bound: number | undefined): void {
  if (bound === undefined || (bound >= 1 && (Number.isInteger(bound) || bound === Infinity))) return;
  throw new GardenerError('USAGE', `an LRU's ${name} must be a whole number of at least 1, not ${bound}`);
}

export function createLru<K, V>(options: LruOptions<K, V> = {}): Lru<K, V> {
  const { maxEntries = Infinity, maxWeight = Infinity, weigh, onEvict } = options;
  checkBound('maxEntries', options.maxEntries);
  checkBound('maxWeight', options.maxWeight);
  // A Map iterates in insertion order: deleting and setting again moves an entry to the end.
  const map = new Map<K, V>();
  let weight = 0;

  const remove = (key: K): V | undefined => {
    if (!map.has(key)) return undefined;
    const value = map.get(key) as V;
    map.delete(key);
    if (weigh) weight -= weigh(value);
    return value;
  };
  const evict = (newest: K) => {
    while (map.size > maxEntries || weight > maxWeight) {
      const oldest = map.keys().next().value as K;
      if (oldest === newest) return;
      const value = remove(oldest) as V;
      onEvict?.(value, oldest);
    }
  };

  return {
    get size() {
      return map.size;
    },
    get weight() {
      return weight;
    },
    has: (key) => map.has(key),
    get(key) {
      if (!map.has(key)) return undefined;
      const value = map.get(key) as V;
      map.delete(key);
      map.set(key, value);
      return value;
    },
    peek: (key) => map.get(key),
    set(key, value) {
      remove(key);
      map.set(key, value);
      if (weigh) weight += weigh(value);
      evict(key);
    },
    delete(key) {
      const had = map.has(key);
      remove(key);
      return had;
    },
    clear() {
      map.clear();
      weight = 0;
    },
    keys: () => map.keys(),
    values: () => map.values(),
    entries: () => map.entries(),
  };
}

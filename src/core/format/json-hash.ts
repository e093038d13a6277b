import type { Hash } from 'node:crypto';
import { textSlices } from './slices.js';

/** A string at least this long makes a value "huge": hashed a slice at a time (hashJson). */
const HUGE_STRING = 1 << 20;

/**
 * Feeds a hash the bytes of `JSON.stringify(value)` (without the properties named in `drop`, at any
 * depth, as a replacer dropping them gives), without ever making that string: a value holding a
 * 100 MB text is hashed a slice of the text at a time. Values of JSON (what JSON.parse gives) are
 * walked; anything else is stringified as JSON.stringify would, in one piece.
 */
export function hashJson(hash: Hash, value: unknown, drop: ReadonlySet<string> = NO_KEYS): Hash {
  if (!hasHugeString(value)) {
    const replacer =
      drop.size === 0 ? undefined : (key: string, v: unknown) => (drop.has(key) ? undefined : v);
    return hash.update(JSON.stringify(value, replacer));
  }
  feed(hash, value, drop);
  return hash;
}

const NO_KEYS: ReadonlySet<string> = new Set();

/** Feeds a hash a text's UTF-8 bytes a slice at a time (the same digest as the text in one piece). */
export function hashText(hash: Hash, text: string): Hash {
  if (text.length < HUGE_STRING) return hash.update(text);
  for (const slice of textSlices(text, HUGE_STRING)) hash.update(slice);
  return hash;
}

/** Feeds a hash `JSON.stringify(text)`, a slice at a time when the text is huge. */
export function hashJsonString(hash: Hash, text: string): Hash {
  if (text.length < HUGE_STRING) return hash.update(JSON.stringify(text));
  hash.update('"');
  // Escaping is per character and a slice never splits a surrogate pair: the slices' escapes are the whole's.
  for (const slice of textSlices(text, HUGE_STRING)) hash.update(JSON.stringify(slice).slice(1, -1));
  return hash.update('"');
}

function feed(hash: Hash, value: unknown, drop: ReadonlySet<string>): void {
  if (typeof value === 'string') {
    hashJsonString(hash, value);
    return;
  }
  if (Array.isArray(value)) {
    hash.update('[');
    value.forEach((item: unknown, i) => {
      if (i > 0) hash.update(',');
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') hash.update('null');
      else feed(hash, item, drop);
    });
    hash.update(']');
    return;
  }
  if (!isPlainObject(value)) {
    hash.update(JSON.stringify(value) ?? 'null');
    return;
  }
  hash.update('{');
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    if (drop.has(key) || item === undefined || typeof item === 'function' || typeof item === 'symbol')
      continue;
    hash.update(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    feed(hash, item, drop);
  }
  hash.update('}');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

function hasHugeString(value: unknown): boolean {
  if (typeof value === 'string') return value.length >= HUGE_STRING;
  if (Array.isArray(value)) return value.some(hasHugeString);
  if (isPlainObject(value)) return Object.values(value).some(hasHugeString);
  return false;
}

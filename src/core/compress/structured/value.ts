/** The plain, JSON-shaped value every structured format is normalised to before rendering. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** True for a plain object (not an array, not null). */
export function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for an object or an array. */
export function isContainer(value: Json): value is JsonObject | Json[] {
  return typeof value === 'object' && value !== null;
}

/**
 * Turns what YAML and TOML parsers return (dates, bigints, non-finite numbers, undefined, maps)
 * into plain JSON-shaped data. Iterative over an explicit stack, so deep nesting cannot overflow.
 */
export function toJson(input: unknown): Json {
  const root: { value: Json } = { value: null };
  const stack: Pending[] = [{ source: input, assign: (v) => (root.value = v) }];
  while (stack.length > 0) {
    const { source, assign } = stack.pop()!;
    if (Array.isArray(source)) {
      const out: Json[] = new Array<Json>(source.length).fill(null);
      assign(out);
      source.forEach((item, i) => stack.push({ source: item, assign: (v) => (out[i] = v) }));
    } else if (source instanceof Map) {
      const out: JsonObject = {};
      assign(out);
      for (const [k, item] of source) pushEntry(stack, out, String(k), item);
    } else if (source instanceof Date) {
      assign(Number.isNaN(source.getTime()) ? String(source) : source.toISOString());
    } else if (typeof source === 'object' && source !== null) {
      const out: JsonObject = {};
      assign(out);
      for (const [k, item] of Object.entries(source)) pushEntry(stack, out, k, item);
    } else {
      assign(scalar(source));
    }
  }
  return root.value;
}

interface Pending {
  source: unknown;
  assign: (v: Json) => void;
}

/** Creates the key now (so key order is the source order) and fills its value later. */
function pushEntry(stack: Pending[], out: JsonObject, key: string, item: unknown): void {
  setKey(out, key, null);
  stack.push({ source: item, assign: (v) => setKey(out, key, v) });
}

/** Assigns an own property, `__proto__` included, without touching the prototype. */
export function setKey(out: JsonObject, key: string, value: Json): void {
  Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
}

function scalar(value: unknown): Json {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
      return null;
    case 'symbol':
      return value.toString();
    case 'function':
      return `[function ${value.name}]`;
    case 'object':
      return null; // only null comes here: other objects are containers
  }
}

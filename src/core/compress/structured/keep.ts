import { isContainer } from './value.js';
import type { Json } from './value.js';

/** Strings longer than this are only compared whole against kept terms. */
const KEEP_SCAN_STRING = 400;
/** Kept terms shorter than this must match a whole value (a substring match would be noise). */
const KEEP_MIN_TERM = 4;
/** Nodes visited when looking for kept terms (bounds the cost on huge inputs). */
const PIN_SCAN_MAX = 200_000;

/** True when a scalar equals a kept term, or (for short strings) contains one. */
export function matchesKeep(value: Json, keep: ReadonlySet<string>): boolean {
  if (keep.size === 0 || isContainer(value)) return false;
  const text = String(value);
  if (keep.has(text)) return true;
  if (typeof value !== 'string' || value.length > KEEP_SCAN_STRING) return false;
  for (const term of keep) if (term.length >= KEEP_MIN_TERM && value.includes(term)) return true;
  return false;
}

/**
 * Every container on the path from the root to a kept key or value, so the renderer expands
 * them whatever their depth. Breadth-first with parent links; bounded by a node budget.
 */
export function pinKept(root: Json, keep: ReadonlySet<string>, budget = PIN_SCAN_MAX): Set<object> {
  const pinned = new Set<object>();
  if (keep.size === 0 || !isContainer(root)) return pinned;
  const parent = new Map<object, object>();
  const queue: object[] = [root];
  const pin = (from: object): void => {
    let node: object | undefined = from;
    while (node !== undefined && !pinned.has(node)) {
      pinned.add(node);
      node = parent.get(node);
    }
  };
  for (let head = 0; head < queue.length && head < budget; head++) {
    const node = queue[head] as Json[] | Record<string, Json>;
    const entries: [string | undefined, Json][] = Array.isArray(node)
      ? node.map((item) => [undefined, item])
      : Object.entries(node);
    for (const [key, child] of entries) {
      if ((key !== undefined && keep.has(key)) || matchesKeep(child, keep)) pin(node);
      if (isContainer(child) && !parent.has(child) && child !== root) {
        parent.set(child, node);
        queue.push(child);
      }
    }
  }
  return pinned;
}

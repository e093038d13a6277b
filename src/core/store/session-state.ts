import { pack, unpack } from './packing.js';
import type { Redactor } from './redact.js';

/**
 * A session-state value as stored: its secrets redacted (in each string of a JSON value, so the
 * JSON stays valid; in the whole text otherwise) and deflated when that is clearly smaller. A
 * packed value is a BLOB, a plain one TEXT: the column's type tells them apart on reading.
 */
export function storedStateValue(value: string, redact: Redactor): string | Buffer {
  const text = redactStateText(value, redact);
  const packed = pack(text);
  return packed.packed ? packed.value : text;
}

/** The text of a stored session-state value (either form). */
export function readStateValue(stored: string | Buffer | Uint8Array): string {
  return unpack(stored, typeof stored !== 'string');
}

function redactStateText(value: string, redact: Redactor): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return redact(value).text;
  }
  let changed = false;
  const redacted = mapStrings(parsed, (text) => {
    const result = redact(text);
    if (result.count > 0) changed = true;
    return result.text;
  });
  return changed ? JSON.stringify(redacted) : value;
}

/** The same JSON value with `map` applied to every string in it (object keys stay). */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, map);
    return out;
  }
  return value;
}

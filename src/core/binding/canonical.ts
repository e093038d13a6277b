import { createHash, type Hash } from 'node:crypto';
import { hashJsonString } from '../format/index.js';

/**
 * Feeds a hash the canonical JSON of a value: object keys sorted, so key order never matters and
 * values do (the API compares a prefix by content, not by its bytes on the wire).
 */
export function feedCanonical(hash: Hash, value: unknown): void {
  if (typeof value === 'string') {
    hashJsonString(hash, value);
    return;
  }
  if (Array.isArray(value)) {
    hash.update('[');
    value.forEach((item: unknown, i) => {
      if (i > 0) hash.update(',');
      feedCanonical(hash, item === undefined ? null : item);
    });
    hash.update(']');
    return;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    hash.update('{');
    let first = true;
    for (const key of Object.keys(record).sort()) {
      const item = record[key];
      if (item === undefined || typeof item === 'function') continue;
      hash.update(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      feedCanonical(hash, item);
    }
    hash.update('}');
    return;
  }
  hash.update(JSON.stringify(value) ?? 'null');
}

/** Digest of a value's canonical JSON. */
export function canonicalDigest(value: unknown, tag = ''): string {
  const hash = createHash('sha256').update(tag).update('\u0000');
  feedCanonical(hash, value);
  return hash.digest('base64url');
}

/** Digest of a few digests in order (a chain link, a partial message). */
export function joinDigests(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('base64url');
}

/**
 * A block as the prefix sees it: without its `cache_control` mark (moving a mark changes nothing)
 * nor fields left null (the API reads them as absent); a tool_result's own parts likewise.
 */
export function unmarked(block: unknown): unknown {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return block;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block as Record<string, unknown>)) {
    if (key === 'cache_control' || value === null) continue;
    out[key] = key === 'content' && Array.isArray(value) ? value.map(unmarked) : value;
  }
  return out;
}

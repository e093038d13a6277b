import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';

/** Texts shorter than this (UTF-8 bytes) are stored as they are: deflate gains little on them. */
const MIN_PACK_BYTES = 256;
/** Packed only when deflate saves at least this share. */
const MIN_SAVING = 0.1;
/** Level 3: nearly the ratio of level 6, in two thirds of the time. */
const DEFLATE_LEVEL = 3;

/** `packing` bits of an entries row: which of its texts are deflated. */
export const PACKED_ORIGINAL = 1;
export const PACKED_SUMMARY = 2;

export interface Packed {
  value: string | Buffer;
  packed: boolean;
}

/** A text as stored: raw-deflated UTF-8 when that is clearly smaller, else the text itself. */
export function pack(text: string): Packed {
  if (text.length < MIN_PACK_BYTES / 4) return { value: text, packed: false };
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length < MIN_PACK_BYTES) return { value: text, packed: false };
  const deflated = deflateRawSync(bytes, { level: DEFLATE_LEVEL });
  return deflated.length <= bytes.length * (1 - MIN_SAVING)
    ? { value: deflated, packed: true }
    : { value: text, packed: false };
}

/** The text of a stored value (the exact string that was packed). */
export function unpack(value: string | Buffer | Uint8Array, packed: boolean): string {
  if (!packed) return typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
  return inflateRawSync(value).toString('utf8');
}

/**
 * `gardener_unpack(value, packed)` for the FTS triggers, which index the plain text. Registered
 * on every connection gardener opens; other programs can read the database but not write entries.
 */
export function registerFunctions(db: Database.Database): void {
  db.function('gardener_unpack', { deterministic: true }, (value: unknown, packed: unknown) => {
    if (typeof value === 'string' || value instanceof Uint8Array) return unpack(value, Number(packed) !== 0);
    return typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
  });
}

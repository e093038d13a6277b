import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import { textSlices } from '../format/index.js';
import { ftsText, pendingIndexText } from './fts-text.js';

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

/** A text longer than this (characters) is deflated a slice at a time: never encoded to bytes whole. */
const PACK_SLICE = 1 << 22;
/** An empty last block (fixed codes, end of block): ends a raw deflate stream of flushed slices. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** A text as stored: raw-deflated UTF-8 when that is clearly smaller, else the text itself. */
export function pack(text: string): Packed {
  if (text.length < MIN_PACK_BYTES / 4) return { value: text, packed: false };
  if (text.length > PACK_SLICE) return packInSlices(text);
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length < MIN_PACK_BYTES) return { value: text, packed: false };
  const deflated = deflateRawSync(bytes, { level: DEFLATE_LEVEL });
  return deflated.length <= bytes.length * (1 - MIN_SAVING)
    ? { value: deflated, packed: true }
    : { value: text, packed: false };
}

/**
 * One raw deflate stream made of slices deflated on their own, each flushed to a byte boundary
 * without ending the stream, then an empty last block: inflating it gives the whole text back
 * (a slice refers to nothing before it), and no more than a slice's bytes are ever held at once.
 */
function packInSlices(text: string): Packed {
  const parts: Buffer[] = [];
  let bytes = 0;
  let size = LAST_BLOCK.length;
  for (const slice of textSlices(text, PACK_SLICE)) {
    const raw = Buffer.from(slice, 'utf8');
    bytes += raw.length;
    const part = deflateRawSync(raw, { level: DEFLATE_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
    parts.push(part);
    size += part.length;
    if (size > bytes * (1 - MIN_SAVING) && bytes >= PACK_SLICE) return { value: text, packed: false };
  }
  parts.push(LAST_BLOCK);
  return size <= bytes * (1 - MIN_SAVING)
    ? { value: Buffer.concat(parts, size), packed: true }
    : { value: text, packed: false };
}

/** The text of a stored value (the exact string that was packed). */
export function unpack(value: string | Buffer | Uint8Array, packed: boolean): string {
  if (!packed) return typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
  return inflateRawSync(value).toString('utf8');
}

/**
 * `gardener_unpack(value, packed)` for the FTS triggers, which index the plain text (a huge one's
 * distinct lines and words, fts-text.ts). Registered
 * on every connection gardener opens; other programs can read the database but not write entries.
 */
export function registerFunctions(db: Database.Database): void {
  db.function('gardener_unpack', { deterministic: true }, (value: unknown, packed: unknown) => {
    if (typeof value === 'string' || value instanceof Uint8Array)
      return pendingIndexText(value) ?? ftsText(unpack(value, Number(packed) !== 0));
    return typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
  });
}

/**
 * The rank table prebuilt: the typed arrays rankArrays() decodes from js-tiktoken's table, written
 * once by the build (scripts/build-ranks.mjs) beside the tokenizer's module. A process that counts
 * tokens then reads one file into typed arrays instead of compiling js-tiktoken's 1 MB table module
 * and decoding 100k base64 tokens into a hash table, which was most of a short process's cost.
 *
 * Layout: MAGIC, a uint32 (little-endian) header length, the header (JSON, padded with spaces to a
 * multiple of 4 bytes), then the int32 arrays starts (size + 1), ranks (size) and slots, in the
 * platform's byte order (little-endian; a big-endian machine decodes the table instead), then the
 * token bytes.
 */
import { readFileSync } from 'node:fs';
import { debug } from '../../debug.js';
import { ranksOver, type RankArrays, type Ranks } from './bpe.js';

/** The file's name, beside the tokenizer's module in dist/ (absent under src/: the table is decoded). */
export const RANK_FILE = 'cl100k_base.ranks';
const MAGIC = 'gardener-ranks1\n';
const MAGIC_BYTES = MAGIC.length;
const LENGTH_BYTES = 4;

interface Header {
  pattern: string;
  size: number;
  slots: number;
  bytes: number;
  /** Bytes of the table module the arrays were decoded from: a changed module makes the file stale. */
  source: number;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The file's bytes for a table's arrays and pattern; `source` is the table module's size in bytes. */
export function encodeRankFile(arrays: RankArrays, pattern: string, source: number): Buffer {
  if (!littleEndian) throw new Error('rank files are written on little-endian machines only');
  const tokenBytes = arrays.starts[arrays.size] as number;
  const header: Header = {
    pattern,
    size: arrays.size,
    slots: arrays.slots.length,
    bytes: tokenBytes,
    source,
  };
  let json = JSON.stringify(header);
  json += ' '.repeat((4 - (Buffer.byteLength(json) % 4)) % 4);
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32LE(Buffer.byteLength(json));
  const int32 = (array: Int32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  return Buffer.concat([
    Buffer.from(MAGIC, 'latin1'),
    length,
    Buffer.from(json),
    int32(arrays.starts.subarray(0, arrays.size + 1)),
    int32(arrays.ranks.subarray(0, arrays.size)),
    int32(arrays.slots),
    Buffer.from(arrays.bytes.buffer, arrays.bytes.byteOffset, tokenBytes),
  ]);
}

/**
 * The ranks in a prebuilt file, or undefined when it is missing, damaged, from another table module
 * (its size differs from `source`) or unreadable on this machine: the caller decodes the table then.
 */
export function readRankFile(path: string, source: number): Ranks | undefined {
  if (!littleEndian) return undefined;
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  const ranks = decodeRankFile(file, source);
  if (!ranks) debug('tokens', 'prebuilt rank table unusable; decoding the table', { path });
  return ranks;
}

function decodeRankFile(file: Buffer, source: number): Ranks | undefined {
  if (file.length < MAGIC_BYTES + LENGTH_BYTES || file.toString('latin1', 0, MAGIC_BYTES) !== MAGIC)
    return undefined;
  const headerBytes = file.readUInt32LE(MAGIC_BYTES);
  let at = MAGIC_BYTES + LENGTH_BYTES;
  let header: Header;
  try {
    header = JSON.parse(file.toString('utf8', at, at + headerBytes)) as Header;
  } catch {
    return undefined;
  }
  at += headerBytes;
  const { size, slots, bytes } = header;
  const sane = [size, slots, bytes].every((n) => Number.isInteger(n) && n > 0);
  if (!sane || header.source !== source || typeof header.pattern !== 'string') return undefined;
  if (file.length !== at + 4 * (2 * size + 1 + slots) + bytes || (slots & (slots - 1)) !== 0)
    return undefined;
  // Typed arrays over a Buffer need its offset aligned to their element size.
  const data = file.byteOffset % 4 === 0 ? file : Buffer.from(file);
  const int32 = (count: number) => {
    const array = new Int32Array(data.buffer, data.byteOffset + at, count);
    at += 4 * count;
    return array;
  };
  const starts = int32(size + 1);
  const arrays: RankArrays = {
    starts,
    ranks: int32(size),
    slots: int32(slots),
    bytes: new Uint8Array(data.buffer, data.byteOffset + at, bytes),
    size,
  };
  if (starts[0] !== 0 || starts[size] !== bytes) return undefined;
  return ranksOver(arrays, header.pattern);
}

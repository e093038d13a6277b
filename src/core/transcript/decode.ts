import { GardenerError } from '../../errors.js';

/** Largest input read by default (64 MiB); `--max-bytes` raises it. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** "100.0 MB (104,857,600 bytes)": a size a person can read. */
export function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const human = mb >= 1 ? `${mb.toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
  return `${human} (${bytes.toLocaleString('en-US')} bytes)`;
}

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** A byte size from the command line: "1048576", "512k", "64M", "1G" (binary units; "MiB"/"MB" too). */
export function parseByteSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?\s*$/i.exec(text);
  const value = match ? Number(match[1]) * (UNITS[match[2]!.toLowerCase()] ?? 1) : NaN;
  if (!Number.isFinite(value) || value <= 0) {
    throw new GardenerError('USAGE', `invalid size "${text}"`, {
      hint: 'give bytes, or a number with k, M or G, e.g. 128M',
    });
  }
  return Math.floor(value);
}

/** `atLeast`: reading stopped past the limit (a pipe or device), so the whole size is unknown. */
export function tooLarge(
  size: number,
  maxBytes: number,
  where: string,
  options: { atLeast?: boolean } = {},
): GardenerError {
  return new GardenerError(
    'INPUT_TOO_LARGE',
    options.atLeast
      ? `input is larger than the ${formatSize(maxBytes)} limit (reading stopped there)`
      : `input is ${formatSize(size)}, over the ${formatSize(maxBytes)} limit`,
    {
      where,
      hint: options.atLeast
        ? 'raise the limit with --max-bytes <bytes> if this input is meant to be read'
        : `raise the limit with --max-bytes <bytes> (e.g. --max-bytes ${(Math.ceil(size / (1024 * 1024)) + 1) * 1024 * 1024})`,
    },
  );
}

/**
 * Bytes to text, refusing what cannot be a transcript: empty (or blank) input, UTF-16, binary data
 * (NUL bytes) and invalid UTF-8 (with the byte offset and line of the first bad byte). A UTF-8 BOM
 * is dropped.
 */
export function decodeInput(bytes: Uint8Array, where: string): string {
  if (bytes.length === 0) throw new GardenerError('INPUT_INVALID', 'input is empty (0 bytes)', { where });
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new GardenerError('INPUT_INVALID', 'input is UTF-16 text; gardener reads UTF-8', {
      where,
      hint: 'convert it, e.g. iconv -f UTF-16 -t UTF-8',
    });
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    throw new GardenerError(
      'INPUT_INVALID',
      `input is binary, not a transcript (NUL byte at offset ${nul})`,
      { where: `${where}:${lineAt(bytes, nul)}` },
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    throw new GardenerError(
      'INPUT_INVALID',
      `input is not valid UTF-8: byte 0x${(bytes[offset] ?? 0).toString(16).padStart(2, '0')} at offset ${offset}`,
      {
        where: `${where}:${lineAt(bytes, offset)}`,
      },
    );
  }
  if (text.trim() === '')
    throw new GardenerError('INPUT_INVALID', `input is empty (${bytes.length} blank bytes)`, { where });
  return text;
}

/** 1-based line of a byte offset. */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line += 1;
  return line;
}

/** Offset of the first byte that starts an invalid UTF-8 sequence (bytes.length when none). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need: number;
    let min: number;
    if (b < 0x80) {
      i += 1;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

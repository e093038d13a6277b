/**
 * About how much text a writer gathers before it writes: few writes, and never the whole output.
 * Gathered pieces outlive the young generation's collections, so a larger batch is old-generation
 * garbage that raises the peak memory of `gardener compress` (docs/BENCH.md § Provenance).
 */
const WRITE_CHARS = 1 << 16;

/** Pieces of text gathered into writes of about WRITE_CHARS characters, in order. */
export function* gathered(pieces: Iterable<string>): Generator<string> {
  let parts: string[] = [];
  let size = 0;
  for (const piece of pieces) {
    parts.push(piece);
    size += piece.length;
    if (size >= WRITE_CHARS) {
      yield parts.join('');
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
}

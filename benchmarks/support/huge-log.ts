import { closeSync, openSync, writeSync } from 'node:fs';

/** Lines written to the file at a time. */
const CHUNK_LINES = 10_000;

/** Line `i` of a uniform log, or an error line where one is due. */
export function logLine(i: number, error: boolean): string {
  return error
    ? `ERROR step ${i}: record ${i} failed: checksum mismatch`
    : `step ${i}: processed record ${i} ok`;
}

/**
 * Writes an Anthropic request body to `file`: a prompt, one Bash call and its output, a log of
 * `lines` uniform lines with `errors` error lines spread evenly through it, then two short turns.
 * The body is written a chunk of lines at a time, never held whole.
 */
export function writeLogTranscript(file: string, lines: number, errors: number): void {
  const every = errors > 0 ? Math.floor(lines / errors) : 0;
  const fd = openSync(file, 'w');
  try {
    writeSync(
      fd,
      `{"model":"claude-sonnet-4-5","max_tokens":1024,"messages":[{"role":"user","content":"Run the batch."},` +
        `{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"./batch.sh"}}]},` +
        `{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"`,
    );
    for (let start = 0; start < lines; start += CHUNK_LINES) {
      const chunk: string[] = [];
      for (let i = start; i < Math.min(lines, start + CHUNK_LINES); i++)
        chunk.push(logLine(i, every > 0 && i % every === every >> 1));
      // The lines hold no quote or backslash: a line end is the only character JSON escapes.
      writeSync(fd, `${chunk.join('\\n')}${start + CHUNK_LINES < lines ? '\\n' : ''}`);
    }
    writeSync(
      fd,
      `"}]},{"role":"assistant","content":"The batch ran."},{"role":"user","content":"Did anything fail?"},` +
        `{"role":"assistant","content":"Looking."},{"role":"user","content":"Go on."},` +
        `{"role":"assistant","content":"Done."},{"role":"user","content":"Thanks."}]}`,
    );
  } finally {
    closeSync(fd);
  }
}

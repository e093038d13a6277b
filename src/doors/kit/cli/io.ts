import type { Readable } from 'node:stream';

/** Everything a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}

/** Colour is on only for a terminal and when NO_COLOR is unset (https://no-color.org). */
export function useColor(io: CliIo, stream: 'stdout' | 'stderr' = 'stderr'): boolean {
  const noColor = io.env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  if (io.env['FORCE_COLOR']) return true;
  return io[stream].isTTY === true;
}

import { Readable } from 'node:stream';
import type { CliIo } from '../../src/doors/kit/cli/io.js';
import { runCli } from '../../src/cli/program.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output and optional stdin text. */
export async function runGardener(
  args: readonly string[],
  options: { stdin?: string | Buffer; env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (s: string) => (stdout += s), isTTY: false },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    env: { NO_COLOR: '1', ...options.env },
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

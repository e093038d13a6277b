import { spawn } from 'node:child_process';
import { z } from 'zod';
import { fail, ok, type AgentTool } from './types.js';

/** A command that runs longer is stopped (the model may ask for up to BASH_MAX_TIMEOUT_MS). */
export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
export const BASH_MAX_TIMEOUT_MS = 600_000;
/** After SIGTERM, the process group gets this long before SIGKILL. */
const KILL_GRACE_MS = 2_000;

const input = z.object({
  command: z.string().min(1).describe('a bash command line, run in the working directory'),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(BASH_MAX_TIMEOUT_MS)
    .optional()
    .describe(`stop the command after this many milliseconds (default ${BASH_DEFAULT_TIMEOUT_MS})`),
});

export interface BashResult {
  /** stdout and stderr interleaved as they came. */
  output: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it was stopped, when it was. */
  stopped?: 'timeout' | 'interrupted';
}

/**
 * Runs a command in its own process group, so a timeout or an interrupt stops the whole tree (a
 * test runner and its workers), not only the shell.
 */
export function runBash(
  command: string,
  cwd: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<BashResult> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stopped: BashResult['stopped'];
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: NonNullable<BashResult['stopped']>) => {
      if (stopped || child.exitCode !== null) return;
      stopped = why;
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = () => stop('interrupted');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (code: number | null, exitSignal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      signal.removeEventListener('abort', onAbort);
      const result: BashResult = { output: Buffer.concat(chunks).toString('utf8'), code, signal: exitSignal };
      if (stopped) result.stopped = stopped;
      resolve(result);
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(127, null);
    });
    child.on('close', finish);
  });
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** What the model reads: the whole output (the engine stores and compacts it), then how it ended. */
export function bashReport(result: BashResult, timeoutMs: number): string {
  const output = result.output.replace(/\s+$/, '');
  const end =
    result.stopped === 'timeout'
      ? `[stopped after ${timeoutMs} ms (timeout)]`
      : result.stopped === 'interrupted'
        ? '[interrupted by the user]'
        : result.code === 0
          ? ''
          : result.code !== null
            ? `[exit code ${result.code}]`
            : `[killed by ${result.signal ?? 'a signal'}]`;
  if (output === '') return end || '(no output)';
  return end ? `${output}\n${end}` : output;
}

export const bashTool: AgentTool<z.infer<typeof input>> = {
  name: 'bash',
  description:
    'Run a bash command in the working directory (non-interactive; stdin is closed). Output is returned whole, with the exit code when it is not 0.',
  input,
  mutating: true,
  preview: ({ command }) => ({ summary: `$ ${command}` }),
  async run({ command, timeout_ms = BASH_DEFAULT_TIMEOUT_MS }, { cwd, signal }) {
    const result = await runBash(command, cwd, timeout_ms, signal);
    const text = bashReport(result, timeout_ms);
    return result.code === 0 && !result.stopped ? ok(text) : fail(text);
  },
};

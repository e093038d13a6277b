import { appendFileSync } from 'node:fs';

/**
 * Debug logger: writes to the file named by GARDENER_DEBUG (or stderr when it is "1" / "stderr").
 * Never writes to stdout, which belongs to piped output and Ink frames.
 */
export function debug(scope: string, message: string, data?: unknown): void {
  const target = process.env['GARDENER_DEBUG'];
  if (!target) return;
  const line = `${new Date().toISOString()} [${scope}] ${message}${data === undefined ? '' : ' ' + safeJson(data)}\n`;
  if (target === '1' || target === 'stderr') process.stderr.write(line);
  else {
    try {
      appendFileSync(target, line);
    } catch {
      // A debug log that cannot be written (a folder, no permission) must not break the command.
    }
  }
}

function safeJson(data: unknown): string {
  try {
    return JSON.stringify(data);
  } catch {
    return String(data);
  }
}

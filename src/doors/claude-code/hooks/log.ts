import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { debug } from '../../../debug.js';

/** The gardener log next to the store: what hooks and the MCP server could not do. */
export const LOG_FILE = 'gardener.log';

/**
 * Appends one line to the log beside the database (and the debug log). Never throws: a hook that
 * cannot even log still must not break the session.
 */
export function logProblem(dbPath: string, scope: string, message: string, error?: unknown): void {
  const detail =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : error === undefined
        ? ''
        : (JSON.stringify(error) ?? typeof error);
  debug(scope, message, detail === '' ? undefined : { error: detail });
  try {
    const file = join(dirname(dbPath), LOG_FILE);
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${new Date().toISOString()} [${scope}] ${message}${detail ? `: ${detail}` : ''}\n`);
  } catch {
    // nowhere left to say it
  }
}

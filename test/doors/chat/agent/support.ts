import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type DoorSession } from '../../../../src/doors/kit/session.js';
import { openStore } from '../../../../src/core/store/open.js';
import type { GardenerStore } from '../../../../src/core/store/types.js';
import type { ToolContext } from '../../../../src/doors/chat/agent/tools/types.js';

/** A temp working directory and a store beside it (not inside: tools must not see it). */
export function sandbox(): { cwd: string; dbPath: string; cleanup: () => void } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'gardener-agent-')));
  const cwd = join(root, 'work');
  mkdirSync(cwd);
  return {
    cwd,
    dbPath: join(root, 'gardener.db'),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

let count = 0;

/** A door session on a fresh store: what the tools use for recall, fetch, forget, note. */
export function toolContext(
  cwd: string,
  dbPath: string,
  budget = 16_000,
): { context: ToolContext; store: GardenerStore; session: DoorSession } {
  const store = openStore({ path: dbPath, redact: false });
  const session = openSession({ store, scope: { project: 'test', session: `t${++count}` }, budget });
  return { context: { cwd, signal: new AbortController().signal, session }, store, session };
}

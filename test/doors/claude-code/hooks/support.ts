import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '../../../../src/core/store/open.js';
import type { GardenerStore } from '../../../../src/core/store/types.js';
import { runGardener } from '../../../support/cli.js';

/** A Claude Code-like world: a project folder (a git root), a gardener home, a private socket folder. */
export interface HookWorld {
  project: string;
  home: string;
  env: Record<string, string>;
  dbPath: string;
  /** Runs `gardener hook <event>` in-process with a payload (session id and cwd filled in). */
  hook(event: string, payload: Record<string, unknown>, env?: Record<string, string>): Promise<string>;
  open(): GardenerStore;
  cleanup(): void;
}

export const SESSION = '6ac2ceb4-ee8a-44cb-8c98-03b7701120d1';

export function hookWorld(): HookWorld {
  const root = mkdtempSync(path.join(tmpdir(), 'gardener-hooks-'));
  const project = path.join(root, 'shop');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  const home = path.join(root, 'home');
  const env = {
    GARDENER_HOME: home,
    XDG_RUNTIME_DIR: path.join(root, 'run'),
    CLAUDE_PROJECT_DIR: project,
    GARDENER_HOOK_SERVER: '0',
    GARDENER_HOOK_SPOOL: '0',
  };
  return {
    project,
    home,
    env,
    dbPath: path.join(home, 'gardener.db'),
    async hook(event, payload, extra = {}) {
      const input = JSON.stringify({
        session_id: SESSION,
        cwd: project,
        transcript_path: '/dev/null',
        ...payload,
      });
      const run = await runGardener(['hook', event], {
        stdin: input,
        env: { ...env, ...extra },
        cwd: project,
      });
      if (run.code !== 0) throw new Error(`hook exited ${run.code}: ${run.stderr}`);
      return run.stdout;
    },
    open: () => openStore({ path: path.join(home, 'gardener.db') }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A Bash PostToolUse payload as Claude Code 2.1 sends it. */
export function bashResult(
  id: string,
  command: string,
  stdout: string,
  stderr = '',
): Record<string, unknown> {
  return {
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command, description: 'run' },
    tool_response: { stdout, stderr, interrupted: false, isImage: false, noOutputExpected: false },
    tool_use_id: id,
  };
}

/** A log of about `lines` lines with a distinctive line in the middle. */
export function bigLog(lines: number, needle: string): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (i === Math.floor(lines / 2)) out.push(needle);
    out.push(
      `2026-11-25T10:00:${String(i % 60).padStart(2, '0')}Z INFO worker-${i % 5} handled request ${i} in ${i % 97}ms`,
    );
  }
  return out.join('\n');
}

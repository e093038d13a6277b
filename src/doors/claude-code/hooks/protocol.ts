import type { HookEvent } from './payload.js';

/** Environment a hook passes to the server: what decides scope and tool names. */
export const FORWARDED_ENV = ['CLAUDE_PROJECT_DIR', 'CLAUDE_PLUGIN_ROOT'] as const;

/** One hook, sent as one line of JSON over the server's socket. */
export interface HookMessage {
  v: 1;
  event: HookEvent;
  /** The store the hook resolved: a server of another store declines. */
  db: string;
  cwd: string;
  env: Partial<Record<(typeof FORWARDED_ENV)[number], string>>;
  input: string;
}

/** The server's answer, one line of JSON: what the hook prints, or a refusal (the hook then runs itself). */
export type HookReply = { ok: true; stdout: string } | { ok: false; reason: string };

import { GardenerError } from '../../../errors.js';

/** The hook events gardener handles, by the name `gardener hook <event>` takes. */
export const HOOK_EVENTS = [
  'post-tool-use',
  'post-tool-use-failure',
  'user-prompt-submit',
  'pre-compact',
  'session-start',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export function isHookEvent(name: string): name is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

/**
 * The fields of Claude Code's hook input (2.1) that gardener reads. Every event carries session_id,
 * transcript_path, cwd and hook_event_name; the rest depends on the event.
 */
export interface HookPayload {
  session_id: string;
  transcript_path?: string;
  cwd?: string;
  hook_event_name?: string;
  /** PostToolUse / PostToolUseFailure. */
  tool_name?: string;
  tool_input?: unknown;
  tool_response?: unknown;
  tool_use_id?: string;
  error?: string;
  /** UserPromptSubmit. */
  prompt?: string;
  /** PreCompact: manual | auto. */
  trigger?: string;
  custom_instructions?: string | null;
  /** SessionStart: startup | resume | clear | compact. */
  source?: string;
}

/** Parses the JSON a hook reads on stdin; anything unusable is INPUT_INVALID. */
export function parsePayload(text: string): HookPayload {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GardenerError('INPUT_INVALID', 'hook input is not JSON', { where: '<stdin>', cause: error });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new GardenerError('INPUT_INVALID', 'hook input must be a JSON object', { where: '<stdin>' });
  const payload = value as Record<string, unknown>;
  if (typeof payload['session_id'] !== 'string' || payload['session_id'] === '')
    throw new GardenerError('INPUT_INVALID', 'hook input has no session_id', { where: '<stdin>' });
  for (const key of ['cwd', 'tool_name', 'tool_use_id', 'prompt', 'trigger', 'source', 'error'] as const) {
    if (payload[key] !== undefined && typeof payload[key] !== 'string')
      throw new GardenerError('INPUT_INVALID', `hook input field ${key} must be a string`, {
        where: '<stdin>',
      });
  }
  return payload as unknown as HookPayload;
}

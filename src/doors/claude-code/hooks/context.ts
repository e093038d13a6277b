import { PART_WORDS, type RetrievalWords } from '../../../core/garden/constants.js';
import { resolveProject } from '../../../core/store/index.js';
import type { GardenerStore, Scope } from '../../../core/store/index.js';
import type { HookPayload } from './payload.js';

/** Tool names of gardener's MCP server as the model sees them, by how gardener was installed. */
export const PLUGIN_TOOL_PREFIX = 'mcp__plugin_gardener_gardener__';
export const SETTINGS_TOOL_PREFIX = 'mcp__gardener__';

/** What every hook handler works with. */
export interface HookContext {
  store: GardenerStore;
  scope: Scope;
  /** Prefix of the MCP tools' wire names, for hints the model reads. */
  toolPrefix: string;
  now: () => number;
}

/** The folder Claude Code runs in: $CLAUDE_PROJECT_DIR (set for hooks and MCP servers), else the payload's cwd. */
export function projectDir(
  payload: Pick<HookPayload, 'cwd'>,
  env: Record<string, string | undefined>,
  cwd: string,
): string {
  return env['CLAUDE_PROJECT_DIR'] || payload.cwd || cwd;
}

/** The scope of a hook: the project of Claude Code's folder and the Claude Code session id. */
export function hookScope(payload: HookPayload, dir: string): Scope {
  return { project: resolveProject({ cwd: dir }), session: payload.session_id };
}

/** Plugin hooks and servers get $CLAUDE_PLUGIN_ROOT; settings-installed ones do not. */
export function toolPrefixFor(env: Record<string, string | undefined>): string {
  return env['CLAUDE_PLUGIN_ROOT'] ? PLUGIN_TOOL_PREFIX : SETTINGS_TOOL_PREFIX;
}

/** How the model brings an original back in Claude Code: gardener's MCP tools by their wire names. */
export function mcpWords(toolPrefix: string): RetrievalWords {
  return {
    fetch: (id) => `${toolPrefix}fetch("${id}")`,
    fetchPart: (id) => `${toolPrefix}fetch("${id}", query: "${PART_WORDS}")`,
    recall: (query) => `${toolPrefix}recall("${query}")`,
  };
}

import { isObject, type JsonObject } from './json-text.js';

/** Claude Code hook events gardener answers, with the `gardener-hook` argument and timeout (s). */
export const HOOKS: ReadonlyArray<{ event: string; arg: string; matcher?: string; timeout: number }> = [
  { event: 'PostToolUse', arg: 'post-tool-use', matcher: '*', timeout: 10 },
  { event: 'PostToolUseFailure', arg: 'post-tool-use-failure', matcher: '*', timeout: 10 },
  { event: 'UserPromptSubmit', arg: 'user-prompt-submit', timeout: 10 },
  { event: 'PreCompact', arg: 'pre-compact', timeout: 30 },
  { event: 'SessionStart', arg: 'session-start', timeout: 10 },
];

/** The MCP server's name in Claude Code (its tools are `mcp__gardener__…`). */
export const SERVER_NAME = 'gardener';

/** How a hook command is recognised as gardener's, whatever the path it was installed with. */
const OURS = /(^|[\s/"'])gardener(-hook|\s+hook)\s/;

export interface Commands {
  /** The hook command without its event argument, e.g. `/usr/lib/node_modules/gardener/bin/gardener-hook`. */
  hook: string;
  /** The command and arguments that start the MCP server. */
  mcp: { command: string; args: string[] };
}

/** Settings with gardener's hooks added to each event's list (user hooks kept; an earlier gardener hook replaced). */
export function addHooks(settings: JsonObject, commands: Commands): JsonObject {
  const cleaned = removeHooks(settings);
  const hooks = isObject(cleaned['hooks']) ? { ...cleaned['hooks'] } : {};
  for (const h of HOOKS) {
    const list = Array.isArray(hooks[h.event]) ? [...(hooks[h.event] as unknown[])] : [];
    list.push({
      ...(h.matcher ? { matcher: h.matcher } : {}),
      hooks: [{ type: 'command', command: `${quote(commands.hook)} ${h.arg}`, timeout: h.timeout }],
    });
    hooks[h.event] = list;
  }
  return { ...cleaned, hooks };
}

/** Settings without gardener's hooks; lists and the `hooks` object left empty by that are removed. */
export function removeHooks(settings: JsonObject): JsonObject {
  if (!isObject(settings['hooks'])) return settings;
  const hooks: JsonObject = {};
  for (const [event, groups] of Object.entries(settings['hooks'])) {
    if (!Array.isArray(groups)) {
      hooks[event] = groups;
      continue;
    }
    const kept = groups.flatMap((group: unknown) => {
      if (!isObject(group) || !Array.isArray(group['hooks'])) return [group];
      const inner = group['hooks'].filter(
        (h: unknown) => !(isObject(h) && typeof h['command'] === 'string' && OURS.test(`${h['command']} `)),
      );
      if (inner.length === group['hooks'].length) return [group];
      return inner.length === 0 ? [] : [{ ...group, hooks: inner }];
    });
    if (kept.length > 0) hooks[event] = kept;
  }
  const rest = without(settings, 'hooks');
  return Object.keys(hooks).length > 0 ? { ...rest, hooks } : rest;
}

/** A config (`~/.claude.json` or `.mcp.json`) with gardener's MCP server. */
export function addServer(config: JsonObject, commands: Commands): JsonObject {
  const servers = isObject(config['mcpServers']) ? config['mcpServers'] : {};
  return {
    ...config,
    mcpServers: {
      ...servers,
      [SERVER_NAME]: { type: 'stdio', command: commands.mcp.command, args: commands.mcp.args, env: {} },
    },
  };
}

/** A config without gardener's MCP server (an emptied `mcpServers` is removed). */
export function removeServer(config: JsonObject): JsonObject {
  if (!isObject(config['mcpServers']) || !(SERVER_NAME in config['mcpServers'])) return config;
  const servers = without(config['mcpServers'], SERVER_NAME);
  const rest = without(config, 'mcpServers');
  return Object.keys(servers).length > 0 ? { ...rest, mcpServers: servers } : rest;
}

/** Project settings that approve the project's `.mcp.json` server (Claude Code asks otherwise). */
export function approveServer(settings: JsonObject): JsonObject {
  const list: unknown[] = Array.isArray(settings['enabledMcpjsonServers'])
    ? settings['enabledMcpjsonServers']
    : [];
  return list.includes(SERVER_NAME)
    ? settings
    : { ...settings, enabledMcpjsonServers: [...list, SERVER_NAME] };
}

export function unapproveServer(settings: JsonObject): JsonObject {
  if (!Array.isArray(settings['enabledMcpjsonServers'])) return settings;
  const list = settings['enabledMcpjsonServers'].filter((s) => s !== SERVER_NAME);
  const rest = without(settings, 'enabledMcpjsonServers');
  return list.length > 0 ? { ...rest, enabledMcpjsonServers: list } : rest;
}

function without(value: JsonObject, key: string): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
}

function quote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

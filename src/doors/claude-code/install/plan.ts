import { join } from 'node:path';
import {
  addHooks,
  addServer,
  approveServer,
  removeHooks,
  removeServer,
  unapproveServer,
  type Commands,
} from './claude-code.js';
import { formatSettings, parseSettings, type JsonObject } from './json-text.js';

export type InstallScope = 'user' | 'project';

/** One file an install or uninstall changes: its text before and after (null: no file). */
export interface FileChange {
  path: string;
  before: string | null;
  after: string | null;
}

export interface InstallPlace {
  scope: InstallScope;
  /** The user's home (for `~/.claude/settings.json` and `~/.claude.json`). */
  home: string;
  /** The project folder (for `.claude/settings.json` and `.mcp.json`). */
  project: string;
}

/**
 * Where Claude Code 2.1 reads what gardener adds: hooks in `settings.json` (`~/.claude/` or the
 * project's `.claude/`); the MCP server in `~/.claude.json` (user) or the project's `.mcp.json`.
 */
export function installFiles(place: InstallPlace): { settings: string; servers: string } {
  return place.scope === 'user'
    ? { settings: join(place.home, '.claude', 'settings.json'), servers: join(place.home, '.claude.json') }
    : {
        settings: join(place.project, '.claude', 'settings.json'),
        servers: join(place.project, '.mcp.json'),
      };
}

type Edit = (value: JsonObject) => JsonObject;

function change(path: string, before: string | null, edit: Edit): FileChange {
  const value = parseSettings(before, path);
  const edited = edit(value);
  if (JSON.stringify(edited) === JSON.stringify(value)) return { path, before, after: before };
  const empty = Object.keys(edited).length === 0;
  return { path, before, after: empty && before === null ? null : formatSettings(edited, before) };
}

/** The changes of an install: hooks (and, for a project, approval of its server) and the MCP server. */
export function planInstall(
  place: InstallPlace,
  read: (path: string) => string | null,
  commands: Commands,
): FileChange[] {
  const files = installFiles(place);
  const settingsEdit: Edit =
    place.scope === 'project' ? (s) => approveServer(addHooks(s, commands)) : (s) => addHooks(s, commands);
  return [
    change(files.settings, read(files.settings), settingsEdit),
    change(files.servers, read(files.servers), (c) => addServer(c, commands)),
  ];
}

/** The changes of an uninstall made without a record: gardener's hooks, approval and server removed. */
export function planRemoval(place: InstallPlace, read: (path: string) => string | null): FileChange[] {
  const files = installFiles(place);
  return [
    change(files.settings, read(files.settings), (s) => unapproveServer(removeHooks(s))),
    change(files.servers, read(files.servers), removeServer),
  ];
}

import type { ClassifyHints } from './types.js';

/** Families of agent tools, by what their results hold. */
export type ToolFamily = 'file' | 'editor' | 'edit' | 'shell' | 'search' | 'web' | 'agent' | 'unknown';

const FAMILIES: ReadonlyArray<readonly [ToolFamily, RegExp]> = [
  ['file', /^(?:read|read_?file|view_?file|cat|open_?file|read_?many_?files|notebook_?read|file_?read)$/i],
  ['editor', /^(?:str_replace_editor|str_replace_based_edit_tool|editor|file_?editor)$/i],
  [
    'edit',
    /^(?:edit|multi_?edit|write|edit_?file|create_?file|write_?file|write_?to_?file|apply_?patch|notebook_?edit|replace|insert)$/i,
  ],
  [
    'shell',
    /^(?:bash|shell|sh|zsh|run_?shell_?command|execute_?bash|execute_?command|run_?command|terminal|run_?terminal_?cmd|cmd|exec|local_?shell|bash_?output|ipython|python)$/i,
  ],
  [
    'search',
    /^(?:grep|glob|ls|list_?dir|list_?directory|list_?files|find|find_?file|find_?files|search|search_?dir|search_?file|codebase_?search|file_?search|ripgrep)$/i,
  ],
  ['web', /^(?:web_?search|web_?fetch|fetch|browse|browser|http_?request|curl)$/i],
  [
    'agent',
    /^(?:task|agent|todo_?write|todo_?read|exit_?plan_?mode|ask_?user_?question|think|finish|submit)$/i,
  ],
];

/** The family of a tool name (unknown names and no name give `unknown`). */
export function toolFamily(toolName: string | undefined): ToolFamily {
  if (toolName === undefined) return 'unknown';
  const name = toolName.replace(/^mcp__\w+__/, '');
  for (const [family, pattern] of FAMILIES) if (pattern.test(name)) return family;
  return 'unknown';
}

const PATH_KEYS = [
  'file_path',
  'path',
  'filePath',
  'filename',
  'file',
  'notebook_path',
  'target_file',
] as const;
const COMMAND_KEYS = ['command', 'cmd', 'script', 'code'] as const;

/** The file path a tool call was about: the explicit hint, else a path-like key of its input. */
export function hintPath(hints: ClassifyHints): string | undefined {
  if (hints.path !== undefined && hints.path !== '') return hints.path;
  return stringKey(hints.toolInput, PATH_KEYS);
}

/** The shell command of a shell tool call: the explicit hint, else its input's command. */
export function hintCommand(hints: ClassifyHints): string | undefined {
  if (hints.command !== undefined && hints.command !== '') return hints.command;
  if (toolFamily(hints.toolName) !== 'shell') return undefined;
  return stringKey(hints.toolInput, COMMAND_KEYS);
}

/** The sub-command of an editor tool (`view`, `create`, `str_replace`…). */
export function editorCommand(hints: ClassifyHints): string | undefined {
  return stringKey(hints.toolInput, ['command']);
}

function stringKey(input: Record<string, unknown> | undefined, keys: readonly string[]): string | undefined {
  if (input === undefined) return undefined;
  for (const key of keys) {
    const value = input[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

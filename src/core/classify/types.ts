/** The content classes gardener tells apart (docs/DESIGN.md). */
export type ContentClass = 'log' | 'code' | 'structured' | 'prose' | 'prompt' | 'error';

export const CONTENT_CLASSES: readonly ContentClass[] = [
  'log',
  'code',
  'structured',
  'prose',
  'prompt',
  'error',
];

/** What is known about a block besides its text; the classifier uses it as hints. */
export interface ClassifyHints {
  role: 'user' | 'assistant';
  /** text | tool_result | tool_use | … */
  blockType: string;
  /** Name of the tool whose call produced this tool_result (Read, Bash, str_replace_editor…). */
  toolName?: string;
  /** Input of that tool call. */
  toolInput?: Record<string, unknown>;
  /** A file path from the tool input (Read's file_path, an editor's path…). */
  path?: string;
  /** A shell command from the tool input (Bash's command…). */
  command?: string;
  /** The tool_result says is_error. */
  isError?: boolean;
  /** Text the user typed (not a tool result, not injected): always `prompt`. */
  isUserTyped?: boolean;
}

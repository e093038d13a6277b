import type { ToolUnion } from '../../../core/transcript/index.js';

/** The system prompt of the built-in sessions' (imaginary) coding agent. */
export const AGENT_SYSTEM = `You are a coding agent working in the user's repository through the tools below.

Work in small, verifiable steps: read before you edit, run the tests after every change, and say what you
changed and why in one or two sentences. Prefer the project's own conventions over your habits. Never
invent file contents: read them. When a command fails, read its output before trying something else.
Keep answers short; the user can ask for more.

Environment: Linux, bash, git. The working directory is the repository root. Network access is off.`;

const object = (properties: Record<string, { type: string; description: string }>, required: string[]) => ({
  type: 'object' as const,
  properties,
  required,
});

/** Claude Code–like tool definitions. */
export const AGENT_TOOLS: ToolUnion[] = [
  {
    name: 'Bash',
    description:
      'Run a bash command in the repository and return its stdout and stderr (truncated at 30,000 characters).',
    input_schema: object(
      {
        command: { type: 'string', description: 'The command to run.' },
        description: { type: 'string', description: 'What the command does, in five to ten words.' },
      },
      ['command'],
    ),
  },
  {
    name: 'Read',
    description: 'Read a file; lines are numbered. Use offset and limit for long files.',
    input_schema: object(
      {
        file_path: { type: 'string', description: 'Absolute path of the file.' },
        offset: { type: 'number', description: 'First line to read (1-based).' },
        limit: { type: 'number', description: 'Number of lines to read.' },
      },
      ['file_path'],
    ),
  },
  {
    name: 'Edit',
    description: 'Replace one exact occurrence of old_string with new_string in a file.',
    input_schema: object(
      {
        file_path: { type: 'string', description: 'Absolute path of the file.' },
        old_string: { type: 'string', description: 'The text to replace; must occur exactly once.' },
        new_string: { type: 'string', description: 'The replacement.' },
      },
      ['file_path', 'old_string', 'new_string'],
    ),
  },
  {
    name: 'Write',
    description: 'Create or overwrite a file with the given content.',
    input_schema: object(
      {
        file_path: { type: 'string', description: 'Absolute path of the file.' },
        content: { type: 'string', description: 'The whole new content.' },
      },
      ['file_path', 'content'],
    ),
  },
  {
    name: 'Grep',
    description: 'Search file contents with a regular expression (ripgrep); returns path:line:text.',
    input_schema: object(
      {
        pattern: { type: 'string', description: 'The regular expression.' },
        path: { type: 'string', description: 'Folder or file to search (default: the repository).' },
        glob: { type: 'string', description: 'Only files matching this glob.' },
      },
      ['pattern'],
    ),
  },
];

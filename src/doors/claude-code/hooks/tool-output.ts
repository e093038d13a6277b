import { responseText } from './tool-text.js';

/**
 * A tool's response as Claude Code gives it to a PostToolUse hook, seen two ways: the text the
 * model reads of it (what gardener stores), and, for the shapes gardener can rewrite, the same
 * response with that text replaced (a hook's `updatedToolOutput` must keep the tool's own shape, or
 * Claude Code silently keeps the original).
 */
export interface ToolOutput {
  /** What the model reads of the response. */
  text: string;
  /** The response with its text replaced; absent where gardener leaves the response as it is. */
  replace?: (text: string) => unknown;
}

/** Tools that change a file: the model reads one sentence, not the file (`originalFile` is for the UI). */
const FILE_WRITERS: ReadonlySet<string> = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

/** The text the model reads of a tool's response, and how to put other text in its place. */
export function toolOutput(toolName: string, response: unknown): ToolOutput {
  const r = isRecord(response) ? response : undefined;
  if (FILE_WRITERS.has(toolName) && r) return { text: writeText(r) ?? responseText(response) };
  if (toolName === 'Bash' && r && typeof r['stdout'] === 'string' && r['isImage'] !== true)
    return { text: responseText(response), replace: (text) => bashWith(r, text) };
  if (toolName === 'Grep' && r && typeof r['content'] === 'string')
    return { text: r['content'], replace: (text) => ({ ...r, content: text, numLines: lineCount(text) }) };
  if (toolName === 'Glob' && r && Array.isArray(r['filenames']))
    return { text: responseText(response), replace: (text) => globWith(r, text) };
  if (toolName.startsWith('mcp__') && isTextParts(response))
    return { text: responseText(response), replace: (text) => [{ type: 'text', text }] };
  // Read is the file the model asked to work on, with its line numbers: it goes to the model whole.
  return { text: responseText(response) };
}

/**
 * What a file-writing tool shows the model (one sentence), with the change itself below it, so a
 * later recall of the file finds the edit: never the whole file before the edit.
 */
function writeText(r: Record<string, unknown>): string | undefined {
  const path = typeof r['filePath'] === 'string' ? r['filePath'] : undefined;
  if (path === undefined) return undefined;
  const sentence =
    r['type'] === 'create'
      ? `File created successfully at: ${path}`
      : `The file ${path} has been updated successfully.`;
  const hunks = Array.isArray(r['structuredPatch']) ? r['structuredPatch'] : [];
  const lines = hunks.flatMap((hunk) => {
    if (!isRecord(hunk) || !Array.isArray(hunk['lines'])) return [];
    const head = `@@ -${String(hunk['oldStart'])},${String(hunk['oldLines'])} +${String(hunk['newStart'])},${String(hunk['newLines'])} @@`;
    return [head, ...hunk['lines'].filter((line): line is string => typeof line === 'string')];
  });
  // A new file's content is what the model wrote itself (its tool call holds it): the sentence says it all.
  return lines.length > 0 ? `${sentence}\n${lines.join('\n')}` : sentence;
}

/** A Bash response whose output is `text`: stderr is folded into it, a persisted copy is not pointed at. */
function bashWith(r: Record<string, unknown>, text: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...r, stdout: text, stderr: '' };
  delete out['persistedOutputPath'];
  delete out['persistedOutputSize'];
  return out;
}

function globWith(r: Record<string, unknown>, text: string): Record<string, unknown> {
  const filenames = text.split('\n');
  return { ...r, filenames, numFiles: filenames.length, truncated: false };
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}

function isTextParts(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((part) => isRecord(part) && part['type'] === 'text' && typeof part['text'] === 'string')
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

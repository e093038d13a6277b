import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { fileDiff } from './diff.js';
import { scopedPath, shown } from './paths.js';
import { fail, ok, type AgentTool, type ToolOutput } from './types.js';

const input = z.object({
  path: z.string().describe('file path, relative to the working directory'),
  old_string: z.string().min(1).describe('exact text to replace (whitespace included)'),
  new_string: z.string().describe('the text to put in its place'),
  replace_all: z.boolean().optional().describe('replace every occurrence (default: it must occur once)'),
});
type EditInput = z.infer<typeof input>;

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The edited text, or why the edit cannot apply. */
export function applyEdit(text: string, edit: EditInput): { text: string } | { error: string } {
  if (edit.old_string === edit.new_string) return { error: 'old_string and new_string are the same' };
  const found = occurrences(text, edit.old_string);
  if (found === 0)
    return { error: 'old_string was not found in the file (it must match exactly, whitespace included)' };
  if (found > 1 && !edit.replace_all)
    return {
      error: `old_string occurs ${found} times; give more context to make it unique, or set replace_all`,
    };
  return { text: text.split(edit.old_string).join(edit.new_string) };
}

async function planned(
  edit: EditInput,
  cwd: string,
): Promise<{ file: string; before: string; after: string } | ToolOutput> {
  const file = scopedPath(cwd, edit.path);
  let before: string;
  try {
    before = await readFile(file, 'utf8');
  } catch (error) {
    return fail(`cannot read ${shown(cwd, file)}: ${(error as Error).message}`);
  }
  const result = applyEdit(before, edit);
  if ('error' in result) return fail(`${shown(cwd, file)}: ${result.error}`);
  return { file, before, after: result.text };
}

export const editTool: AgentTool<EditInput> = {
  name: 'edit',
  description:
    'Replace exact text in a file. old_string must occur exactly once unless replace_all is set; read the file first.',
  input,
  mutating: true,
  async preview(edit, { cwd }) {
    const plan = await planned(edit, cwd);
    if ('output' in plan) return { summary: `edit ${edit.path} (${plan.output})` };
    const name = shown(cwd, plan.file);
    return { summary: `edit ${name}`, diff: fileDiff(name, plan.before, plan.after) };
  },
  async run(edit, { cwd }) {
    const plan = await planned(edit, cwd);
    if ('output' in plan) return plan;
    await writeFile(plan.file, plan.after, 'utf8');
    const name = shown(cwd, plan.file);
    const count = edit.replace_all ? occurrences(plan.before, edit.old_string) : 1;
    return ok(
      `edited ${name} (${count} replacement${count === 1 ? '' : 's'})`,
      fileDiff(name, plan.before, plan.after),
    );
  },
};

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { fileDiff } from './diff.js';
import { scopedPath, shown } from './paths.js';
import { fail, ok, type AgentTool } from './types.js';

const input = z.object({
  path: z.string().describe('file path, relative to the working directory'),
  content: z.string().describe('the whole new content of the file'),
});

async function current(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

export const writeTool: AgentTool<z.infer<typeof input>> = {
  name: 'write',
  description: 'Create or overwrite a file in the working directory with the given content.',
  input,
  mutating: true,
  async preview({ path: given, content }, { cwd }) {
    const file = scopedPath(cwd, given);
    const before = await current(file);
    const name = shown(cwd, file);
    return {
      summary: `${before === undefined ? 'create' : 'overwrite'} ${name} (${content.split('\n').length} lines)`,
      diff: fileDiff(name, before ?? '', content),
    };
  },
  async run({ path: given, content }, { cwd }) {
    const file = scopedPath(cwd, given);
    const before = await current(file);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content, 'utf8');
    } catch (error) {
      return fail(`cannot write ${shown(cwd, file)}: ${(error as Error).message}`);
    }
    const name = shown(cwd, file);
    const verb = before === undefined ? 'created' : 'wrote';
    return ok(`${verb} ${name} (${content.split('\n').length} lines)`, fileDiff(name, before ?? '', content));
  },
};

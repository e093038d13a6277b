import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { scopedPath, shown } from './paths.js';
import { fail, ok, type AgentTool } from './types.js';

/** Lines returned when the model gives no limit. */
export const READ_DEFAULT_LIMIT = 2_000;

const input = z.object({
  path: z.string().describe('file path, relative to the working directory'),
  offset: z.number().int().min(1).optional().describe('first line to read, 1-based (default 1)'),
  limit: z.number().int().min(1).optional().describe(`lines to read (default ${READ_DEFAULT_LIMIT})`),
});

/** Numbers lines like `cat -n`: the number right-aligned, a tab, the line. */
export function numberLines(lines: readonly string[], first: number): string {
  const width = String(first + lines.length - 1).length;
  return lines.map((line, i) => `${String(first + i).padStart(Math.max(6, width))}\t${line}`).join('\n');
}

export const readTool: AgentTool<z.infer<typeof input>> = {
  name: 'read',
  description:
    'Read a text file in the working directory, with line numbers. Use offset and limit for long files.',
  input,
  mutating: false,
  preview: ({ path }) => ({ summary: `read ${path}` }),
  async run({ path, offset = 1, limit = READ_DEFAULT_LIMIT }, { cwd }) {
    const file = scopedPath(cwd, path);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      return fail(`cannot read ${shown(cwd, file)}: ${(error as Error).message}`);
    }
    if (text.includes('\u0000')) return fail(`${shown(cwd, file)} looks binary; not read`);
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    if (lines.length === 0) return ok(`(${shown(cwd, file)} is empty)`);
    if (offset > lines.length)
      return fail(`${shown(cwd, file)} has ${lines.length} lines; offset ${offset} is past the end`);
    const slice = lines.slice(offset - 1, offset - 1 + limit);
    const last = offset - 1 + slice.length;
    const more =
      last < lines.length
        ? `\n(lines ${offset}–${last} of ${lines.length}; read on with offset ${last + 1})`
        : '';
    return ok(numberLines(slice, offset) + more);
  },
};

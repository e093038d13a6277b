import { glob } from 'tinyglobby';
import { z } from 'zod';
import { scopedPath, shown } from './paths.js';
import { ok, type AgentTool } from './types.js';

/** Paths listed at most; the rest are counted. */
export const GLOB_MAX_RESULTS = 500;
/** Never searched: version control and dependency folders. */
export const IGNORED = ['**/.git/**', '**/node_modules/**'];

const input = z.object({
  pattern: z.string().min(1).describe('glob pattern, e.g. "src/**/*.ts"'),
  path: z
    .string()
    .optional()
    .describe('folder to search in, relative to the working directory (default: it)'),
});

/** Files under `root` matching `patterns`, relative to `root`, sorted. */
export async function listFiles(root: string, patterns: string | string[]): Promise<string[]> {
  const files = await glob(patterns, { cwd: root, ignore: IGNORED, dot: true, onlyFiles: true });
  return files.sort();
}

export const globTool: AgentTool<z.infer<typeof input>> = {
  name: 'glob',
  description: `Find files by glob pattern in the working directory (at most ${GLOB_MAX_RESULTS} paths, sorted).`,
  input,
  mutating: false,
  preview: ({ pattern }) => ({ summary: `glob ${pattern}` }),
  async run({ pattern, path = '.' }, { cwd }) {
    const root = scopedPath(cwd, path);
    const files = await listFiles(root, pattern);
    if (files.length === 0) return ok(`no files match ${pattern} in ${shown(cwd, root)}`);
    const prefix = shown(cwd, root) === '.' ? '' : `${shown(cwd, root)}/`;
    const listed = files.slice(0, GLOB_MAX_RESULTS).map((f) => prefix + f);
    const more =
      files.length > GLOB_MAX_RESULTS ? `\n(${files.length - GLOB_MAX_RESULTS} more not listed)` : '';
    return ok(listed.join('\n') + more);
  },
};

import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { whichSync } from './which.js';
import { listFiles } from './glob.js';
import { scopedPath, shown } from './paths.js';
import { fail, ok, type AgentTool } from './types.js';

/** Matching lines returned at most, and characters of output; the rest are counted. */
export const GREP_MAX_MATCHES = 200;
export const GREP_MAX_CHARS = 20_000;
/** A matched line is cut to this many characters. */
const MAX_LINE = 300;
/** Files larger than this are skipped by the JS search. */
const MAX_FILE_BYTES = 2_000_000;

const input = z.object({
  pattern: z.string().min(1).describe('regular expression to search for'),
  path: z.string().optional().describe('folder or file to search, relative to the working directory'),
  glob: z.string().optional().describe('only files matching this glob, e.g. "*.py"'),
  ignore_case: z.boolean().optional(),
});
type GrepInput = z.infer<typeof input>;

export interface GrepMatch {
  file: string;
  line: number;
  text: string;
}

/** `file:line:text` lines, bounded by GREP_MAX_MATCHES and GREP_MAX_CHARS. */
export function formatMatches(matches: readonly GrepMatch[], total: number): string {
  const lines: string[] = [];
  let chars = 0;
  for (const m of matches) {
    const text = m.text.length > MAX_LINE ? `${m.text.slice(0, MAX_LINE)}…` : m.text;
    const line = `${m.file}:${m.line}:${text}`;
    if (lines.length >= GREP_MAX_MATCHES || chars + line.length > GREP_MAX_CHARS) break;
    lines.push(line);
    chars += line.length + 1;
  }
  if (total > lines.length)
    lines.push(`(${total - lines.length} more matches not shown; narrow the pattern or path)`);
  return lines.join('\n');
}

/** The JS search: tinyglobby for files, a RegExp per line. */
export async function grepJs(
  root: string,
  isFile: boolean,
  query: GrepInput,
  cwd: string,
): Promise<{ matches: GrepMatch[]; total: number }> {
  const regex = new RegExp(query.pattern, query.ignore_case ? 'i' : '');
  const files = isFile
    ? [path.basename(root)]
    : await listFiles(
        root,
        query.glob ? [query.glob.includes('/') ? query.glob : `**/${query.glob}`] : ['**/*'],
      );
  const base = isFile ? path.dirname(root) : root;
  const matches: GrepMatch[] = [];
  let total = 0;
  for (const file of files) {
    const absolute = path.join(base, file);
    let text: string;
    try {
      const buffer = await readFile(absolute);
      if (buffer.length > MAX_FILE_BYTES || buffer.includes(0)) continue;
      text = buffer.toString('utf8');
    } catch {
      continue;
    }
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!regex.test(lines[i]!)) continue;
      total++;
      if (matches.length < GREP_MAX_MATCHES)
        matches.push({ file: shown(cwd, absolute), line: i + 1, text: lines[i]! });
    }
  }
  return { matches, total };
}

/** ripgrep, when it is on PATH: `--json`-free, parsed from `file:line:text`. */
function grepRg(
  rg: string,
  root: string,
  query: GrepInput,
  cwd: string,
  signal: AbortSignal,
): Promise<{ matches: GrepMatch[]; total: number }> {
  const args = [
    '--line-number',
    '--no-heading',
    '--color',
    'never',
    '--with-filename',
    '--hidden',
    '--glob',
    '!.git',
  ];
  if (query.ignore_case) args.push('--ignore-case');
  if (query.glob) args.push('--glob', query.glob);
  args.push('-e', query.pattern, '--', path.relative(cwd, root) || '.');
  return new Promise((resolve, reject) => {
    const child = spawn(rg, args, { cwd, signal, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 && code !== 1) return reject(new Error(err.trim() || `rg exited with ${code}`));
      const matches: GrepMatch[] = [];
      let total = 0;
      for (const line of out.split('\n')) {
        const m = /^(.*?):(\d+):(.*)$/.exec(line);
        if (!m) continue;
        total++;
        if (matches.length < GREP_MAX_MATCHES)
          matches.push({ file: path.normalize(m[1]!), line: Number(m[2]), text: m[3]! });
      }
      resolve({ matches, total });
    });
  });
}

export const grepTool: AgentTool<GrepInput> = {
  name: 'grep',
  description: `Search file contents by regular expression in the working directory (file:line:text, at most ${GREP_MAX_MATCHES} matches).`,
  input,
  mutating: false,
  preview: ({ pattern }) => ({ summary: `grep ${pattern}` }),
  async run(query, { cwd, signal }) {
    const root = scopedPath(cwd, query.path ?? '.');
    try {
      new RegExp(query.pattern);
    } catch (error) {
      return fail(`invalid regular expression: ${(error as Error).message}`);
    }
    const rg = whichSync('rg');
    let isFile = false;
    try {
      isFile = (await stat(root)).isFile();
    } catch {
      return fail(`${shown(cwd, root)} does not exist`);
    }
    const found = rg ? await grepRg(rg, root, query, cwd, signal) : await grepJs(root, isFile, query, cwd);
    if (found.total === 0) return ok(`no matches for ${query.pattern}`);
    return ok(formatMatches(found.matches, found.total));
  },
};

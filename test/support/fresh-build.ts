import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup: the tests that run the built CLI (bin/gardener, bin/gardener-hook, the
 * plugin in the real Claude Code) must not run a stale dist/. When a source file is newer than the
 * build, build first — unless the files this run was asked for are all ones that run in-process
 * (a build costs far more than most single test files).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a test file that may run the built CLI, or spawn anything that could, says somewhere. */
const MAY_RUN_BUILT_CLI = /\bbin\b|dist\/|claude-code\.js|long-session|spawn|execFile|gardener-hook/;

/** Vitest options that take the next argument as their value (`--reporter verbose`). */
const TAKES_VALUE = new Set([
  '-t',
  '--testNamePattern',
  '--reporter',
  '--outputFile',
  '--pool',
  '--maxWorkers',
  '--minWorkers',
  '--project',
  '-c',
  '--config',
  '-r',
  '--root',
  '--dir',
  '--shard',
  '--exclude',
  '--environment',
  '--retry',
  '--testTimeout',
  '--hookTimeout',
  '--bail',
]);

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The file filters of `vitest run a.test.ts b/` (none: the whole suite). */
export function fileFilters(argv: readonly string[]): string[] {
  const run = argv.findIndex((arg) => arg === 'run' || arg === 'watch' || arg === 'related');
  const filters: string[] = [];
  for (let i = run < 0 ? 2 : run + 1; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('-')) {
      if (TAKES_VALUE.has(arg)) i++;
      continue;
    }
    filters.push(arg.replace(/:\d+$/, ''));
  }
  return filters;
}

/** True when a test file this run selects may run the built CLI (every file, with no filter). */
export function runNeedsBuild(filters: readonly string[], files: readonly string[]): boolean {
  if (filters.length === 0) return true;
  const wanted = filters.map((filter) => path.resolve(root, filter));
  return files.some(
    (file) =>
      filters.some((filter, i) => file.includes(filter) || file.startsWith(wanted[i] as string)) &&
      MAY_RUN_BUILT_CLI.test(readFileSync(file, 'utf8')),
  );
}

export default function setup(): void {
  const built = path.join(root, 'dist/cli/main.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newestIn(path.join(root, 'src'))) return;
  if (!runNeedsBuild(fileFilters(process.argv), testFiles(path.join(root, 'test')))) return;
  process.stderr.write('dist/ is older than src/: running npm run build first\n');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

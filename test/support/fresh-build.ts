import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup: the tests that run the built CLI (bin/gardener, bin/gardener-hook, the
 * plugin in the real Claude Code) must not run a stale dist/. When a source file is newer than the
 * build, build first.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const built = path.join(root, 'dist/cli/main.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newestIn(path.join(root, 'src'))) return;
  process.stderr.write('dist/ is older than src/: running npm run build first\n');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

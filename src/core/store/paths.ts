import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The database file name inside the gardener data directory. */
export const DATABASE_FILE = 'gardener.db';

export interface DatabasePathOptions {
  /** An explicit path (`--db`); wins over everything. */
  db?: string;
  env: Record<string, string | undefined>;
  /** Base for a relative `db`; defaults to the process's working directory. */
  cwd?: string;
  /** Home directory; defaults to os.homedir(). */
  home?: string;
}

/**
 * Where the store lives: `--db`, else `$GARDENER_HOME/gardener.db`, else
 * `$XDG_DATA_HOME/gardener/gardener.db`, else `~/.local/share/gardener/gardener.db`.
 * Pure: reads nothing from disk.
 */
export function resolveDatabasePath(options: DatabasePathOptions): string {
  const cwd = options.cwd ?? process.cwd();
  if (options.db !== undefined && options.db !== '') return resolve(cwd, options.db);
  const gardenerHome = options.env['GARDENER_HOME'];
  if (gardenerHome) return resolve(cwd, gardenerHome, DATABASE_FILE);
  const xdg = options.env['XDG_DATA_HOME'];
  // The XDG spec says relative values are invalid and must be ignored.
  if (xdg && xdg.startsWith('/')) return join(xdg, 'gardener', DATABASE_FILE);
  return join(options.home ?? homedir(), '.local', 'share', 'gardener', DATABASE_FILE);
}

export interface ProjectOptions {
  /** An explicit project name (`--project`); used as given. */
  project?: string;
  cwd: string;
  /** Looks for a repository root above cwd (default true); false keeps cwd itself. */
  findRoot?: boolean;
}

/** Files or folders that mark the root of a working tree. */
const ROOT_MARKERS = ['.git', '.hg', '.jj'];

/**
 * The project an agent works in: the explicit name, else the enclosing repository root of cwd
 * (so sub-folders of one checkout share a project), else cwd itself.
 */
export function resolveProject(options: ProjectOptions): string {
  const explicit = options.project?.trim();
  if (explicit) return explicit;
  const start = resolve(options.cwd);
  if (options.findRoot === false) return start;
  for (let dir = start; ; dir = dirname(dir)) {
    if (ROOT_MARKERS.some((marker) => existsSync(join(dir, marker)))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

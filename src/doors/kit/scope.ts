import { resolveDatabasePath, resolveProject } from '../../core/store/constants.js';
import type { Scope } from '../../core/store/index.js';

/** Session name of commands run by hand, when neither a flag nor $GARDENER_SESSION names one. */
export const CLI_SESSION = 'cli';

export interface TargetRequest {
  /** An explicit database file (`--db`). */
  db?: string;
  /** An explicit project name (`--project`). */
  project?: string;
  /** An explicit session name (`--session`). */
  session?: string;
  /** Session when none is named and $GARDENER_SESSION is unset (default CLI_SESSION). */
  defaultSession?: string;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Where the store is, and the project and session a door works in. */
export interface StoreTarget {
  path: string;
  scope: Scope;
}

/**
 * Resolves the store and scope a door works in (docs/DESIGN.md invariant 7): the database from `db`,
 * $GARDENER_HOME or the XDG data folder; the project from `project`, else the repository root of
 * `cwd`; the session from `session`, else $GARDENER_SESSION, else `defaultSession`.
 */
export function resolveTarget(request: TargetRequest): StoreTarget {
  const path = resolveDatabasePath({
    ...(request.db !== undefined ? { db: request.db } : {}),
    env: request.env,
    cwd: request.cwd,
  });
  const project = resolveProject({
    ...(request.project !== undefined ? { project: request.project } : {}),
    cwd: request.cwd,
  });
  const session =
    request.session?.trim() ||
    request.env['GARDENER_SESSION']?.trim() ||
    request.defaultSession ||
    CLI_SESSION;
  return { path, scope: { project, session } };
}

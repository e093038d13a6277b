import type Database from 'better-sqlite3';
import { GardenerError } from '../../errors.js';
import type { Scope } from './types.js';

/** Longest project or session name accepted (a path, a UUID, a user's label). */
const MAX_NAME_LENGTH = 4_096;

export interface ScopeIds {
  projectId: number;
  sessionId: number;
}

/** Looks up and creates the rows of projects and sessions. */
export interface Scopes {
  /** Ids of an existing project, or undefined. */
  projectId(name: string): number | undefined;
  /** Ids of an existing session, or undefined (nothing is created). */
  find(scope: Scope): ScopeIds | undefined;
  /** Ids of the scope, creating its project and session rows; call inside a write transaction. */
  ensure(scope: Scope, now: number): ScopeIds;
}

export function checkScope(scope: Scope): void {
  for (const [what, name] of [
    ['project', scope.project],
    ['session', scope.session],
  ] as const) {
    if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH) {
      throw new GardenerError(
        'USAGE',
        `a ${what} name must be a non-empty string of at most ${MAX_NAME_LENGTH} characters`,
      );
    }
  }
}

export function makeScopes(db: Database.Database): Scopes {
  const getProject = db.prepare<[string], { id: number }>('SELECT id FROM projects WHERE name = ?');
  const addProject = db.prepare<[string, number]>('INSERT INTO projects (name, created_at) VALUES (?, ?)');
  const getSession = db.prepare<[number, string], { id: number }>(
    'SELECT id FROM sessions WHERE project_id = ? AND name = ?',
  );
  const addSession = db.prepare<[number, string, number]>(
    'INSERT INTO sessions (project_id, name, created_at) VALUES (?, ?, ?)',
  );

  const projectId = (name: string): number | undefined => getProject.get(name)?.id;

  return {
    projectId,
    find(scope) {
      const project = projectId(scope.project);
      if (project === undefined) return undefined;
      const session = getSession.get(project, scope.session)?.id;
      return session === undefined ? undefined : { projectId: project, sessionId: session };
    },
    ensure(scope, now) {
      checkScope(scope);
      const project = projectId(scope.project) ?? Number(addProject.run(scope.project, now).lastInsertRowid);
      const session =
        getSession.get(project, scope.session)?.id ??
        Number(addSession.run(project, scope.session, now).lastInsertRowid);
      return { projectId: project, sessionId: session };
    },
  };
}

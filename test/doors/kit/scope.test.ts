import { describe, expect, it } from 'vitest';
import { CLI_SESSION, resolveTarget } from '../../../src/doors/kit/scope.js';

describe('resolving where a door works', () => {
  const cwd = '/tmp/no-such-repo/sub';

  it('takes the database from --db, else $GARDENER_HOME', () => {
    expect(resolveTarget({ db: '/x/y.db', env: {}, cwd }).path).toBe('/x/y.db');
    expect(resolveTarget({ env: { GARDENER_HOME: '/home/g' }, cwd }).path).toBe('/home/g/gardener.db');
  });

  it('names the session from the flag, else $GARDENER_SESSION, else the door default, else "cli"', () => {
    const env = { GARDENER_SESSION: 'from-env' };
    expect(resolveTarget({ session: ' flag ', env, cwd }).scope.session).toBe('flag');
    expect(resolveTarget({ env, cwd, defaultSession: 'chat-1' }).scope.session).toBe('from-env');
    expect(resolveTarget({ env: {}, cwd, defaultSession: 'chat-1' }).scope.session).toBe('chat-1');
    expect(resolveTarget({ env: {}, cwd }).scope.session).toBe(CLI_SESSION);
  });

  it('takes the project from the flag, else the working directory', () => {
    expect(resolveTarget({ project: 'app', env: {}, cwd }).scope.project).toBe('app');
    expect(resolveTarget({ env: {}, cwd }).scope.project).toContain('no-such-repo');
  });
});

import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { GardenerError } from '../../../src/errors.js';
import { openStore } from '../../../src/core/store/open.js';
import { SCHEMA_VERSION } from '../../../src/core/store/schema.js';
import { resolveDatabasePath, resolveProject } from '../../../src/core/store/paths.js';
import { entry, SCOPE, tempDir } from './support.js';
import { recall } from '../../../src/core/recall/recall.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

function dir(): string {
  const d = tempDir();
  cleanups.push(d.cleanup);
  return d.dir;
}

function openError(file: string, options: { readonly?: boolean } = {}): GardenerError {
  try {
    openStore({ path: file, ...options }).close();
  } catch (error) {
    if (error instanceof GardenerError) return error;
    throw error;
  }
  throw new Error('openStore did not fail');
}

describe('resolveDatabasePath', () => {
  const home = '/home/ada';
  it('prefers --db, then $GARDENER_HOME, then $XDG_DATA_HOME, then ~/.local/share', () => {
    const env = { GARDENER_HOME: '/g', XDG_DATA_HOME: '/x' };
    expect(resolveDatabasePath({ db: 'my.db', env, cwd: '/w', home })).toBe('/w/my.db');
    expect(resolveDatabasePath({ env, home })).toBe('/g/gardener.db');
    expect(resolveDatabasePath({ env: { XDG_DATA_HOME: '/x' }, home })).toBe('/x/gardener/gardener.db');
    expect(resolveDatabasePath({ env: {}, home })).toBe('/home/ada/.local/share/gardener/gardener.db');
  });

  it('ignores a relative $XDG_DATA_HOME, as the XDG spec says', () => {
    expect(resolveDatabasePath({ env: { XDG_DATA_HOME: 'rel/data' }, home })).toBe(
      '/home/ada/.local/share/gardener/gardener.db',
    );
  });
});

describe('resolveProject', () => {
  it('uses an explicit name as given', () => {
    expect(resolveProject({ project: ' billing ', cwd: '/anywhere' })).toBe('billing');
  });

  it('maps sub-folders of a repository to its root, and other folders to themselves', () => {
    const root = dir();
    mkdirSync(path.join(root, 'repo', '.git'), { recursive: true });
    mkdirSync(path.join(root, 'repo', 'src', 'deep'), { recursive: true });
    mkdirSync(path.join(root, 'loose'), { recursive: true });
    expect(resolveProject({ cwd: path.join(root, 'repo', 'src', 'deep') })).toBe(path.join(root, 'repo'));
    expect(resolveProject({ cwd: path.join(root, 'repo', 'src'), findRoot: false })).toBe(
      path.join(root, 'repo', 'src'),
    );
  });
});

describe('openStore', () => {
  it('creates the folder and the file on first use', () => {
    const file = path.join(dir(), 'nested', 'deeper', 'gardener.db');
    const store = openStore({ path: file });
    store.ingest(entry({ original: 'x' }));
    store.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('reopens an existing store with its entries', () => {
    const file = path.join(dir(), 'g.db');
    const first = openStore({ path: file });
    const { id } = first.ingest(entry({ original: 'persisted' }));
    first.close();
    const second = openStore({ path: file });
    expect(second.fetch(id)?.original).toBe('persisted');
    second.close();
  });

  it('upgrades a store of an older schema in place: its entries kept, found, not counted for names or calls, no call line or hint', () => {
    const file = path.join(dir(), 'g.db');
    const first = openStore({ path: file });
    const { id } = first.ingest(entry({ original: 'build failed in src/app.ts with TypeError' }));
    first.close();
    // The schema four versions back: no names, from_call, call_line or hint_key column.
    const old = new Database(file);
    old.exec('DROP INDEX entries_hint');
    old.exec('ALTER TABLE entries DROP COLUMN hint_key');
    old.exec('ALTER TABLE entries DROP COLUMN call_line');
    old.exec('ALTER TABLE entries DROP COLUMN from_call');
    old.exec('ALTER TABLE entries DROP COLUMN names');
    old.pragma(`user_version = ${SCHEMA_VERSION - 4}`);
    old.close();
    const upgraded = openStore({ path: file });
    const { id: fresh } = upgraded.ingest(
      entry({ original: 'build failed again in src/app.ts', call: 'npm run build', hint: 'app.ts build' }),
    );
    expect(upgraded.fetch(id)?.original).toBe('build failed in src/app.ts with TypeError');
    expect(
      recall(upgraded, 'build failed', SCOPE, { touch: false })
        .hits.map((h) => h.id)
        .sort(),
    ).toEqual([id, fresh].sort());
    upgraded.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const names = check
      .prepare(
        'SELECT id, names, from_call AS fromCall, call_line AS callLine, hint_key AS hintKey FROM entries',
      )
      .all();
    check.close();
    expect(names).toEqual(
      expect.arrayContaining([
        { id, names: null, fromCall: null, callLine: null, hintKey: null },
        { id: fresh, names: 1, fromCall: 1, callLine: 'npm run build', hintKey: 'app.ts build' },
      ]),
    );
  });

  it('refuses a file that is not a database, naming it and what to do, and leaves it untouched', () => {
    const file = path.join(dir(), 'gardener.db');
    const content = 'these are my notes, not a database\n'.repeat(50);
    writeFileSync(file, content);
    const error = openError(file);
    expect(error.code).toBe('STORE_CORRUPT');
    expect(error.exitCode).toBe(4);
    expect(error.message).toContain(file);
    expect(error.hint).toMatch(/Move it aside.*--db/);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('refuses a SQLite file with damaged pages', () => {
    const file = path.join(dir(), 'gardener.db');
    const store = openStore({ path: file });
    for (let i = 0; i < 200; i++) store.ingest(entry({ original: `entry ${i} `.repeat(200) }));
    store.close();
    const bytes = readFileSync(file);
    // Keep the header page, scribble over everything after it.
    for (let i = 4096; i < bytes.length; i++) bytes[i] = (i * 131) & 0xff;
    writeFileSync(file, bytes);
    const error = (() => {
      try {
        const damaged = openStore({ path: file });
        try {
          recall(damaged, 'entry', { project: '/work/shop', session: 'x' });
          return damaged.check().length > 0
            ? new GardenerError('STORE_CORRUPT', 'check failed', { where: file })
            : undefined;
        } finally {
          damaged.close();
        }
      } catch (e) {
        return e as GardenerError;
      }
    })();
    expect(error).toBeInstanceOf(GardenerError);
    expect(error?.code).toBe('STORE_CORRUPT');
    expect(error?.message).toContain(file);
  });

  it('refuses a SQLite database that belongs to another program', () => {
    const file = path.join(dir(), 'other.db');
    const db = new Database(file);
    db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)');
    db.close();
    const error = openError(file);
    expect(error.code).toBe('STORE_UNAVAILABLE');
    expect(error.message).toMatch(/not a gardener database/);
    const again = new Database(file);
    expect(again.prepare('SELECT name FROM sqlite_schema').all()).toEqual([{ name: 'invoices' }]);
    again.close();
  });

  it('refuses a database written by a newer gardener', () => {
    const file = path.join(dir(), 'g.db');
    openStore({ path: file }).close();
    const db = new Database(file);
    db.pragma('user_version = 999');
    db.close();
    expect(openError(file)).toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: expect.stringMatching(/newer/),
    });
  });

  it('refuses a folder where the file should be', () => {
    const folder = path.join(dir(), 'gardener.db');
    mkdirSync(folder);
    expect(openError(folder)).toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: expect.stringContaining(folder),
    });
  });

  it('refuses a path whose folder is a file, naming it', () => {
    const file = path.join(dir(), 'plain-file');
    writeFileSync(file, 'x');
    const error = openError(path.join(file, 'gardener.db'));
    expect(error.code).toBe('STORE_UNAVAILABLE');
    expect(error.message).toContain(path.join(file, 'gardener.db'));
  });

  // Root reads any file whatever its mode, so this one needs an ordinary user.
  it.skipIf(process.getuid?.() === 0)('refuses an unreadable file with a hint about permissions', () => {
    const file = path.join(dir(), 'g.db');
    openStore({ path: file }).close();
    chmodSync(file, 0o000);
    const error = openError(file);
    chmodSync(file, 0o600);
    expect(error.code).toBe('STORE_UNAVAILABLE');
    expect(error.hint).toMatch(/permissions/);
  });

  it('opens read-only without creating anything, and refuses writes', () => {
    const missing = path.join(dir(), 'absent.db');
    expect(openError(missing, { readonly: true })).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    const file = path.join(dir(), 'g.db');
    const writer = openStore({ path: file });
    const { id } = writer.ingest(entry({ original: 'read me' }));
    writer.close();
    const reader = openStore({ path: file, readonly: true });
    expect(reader.fetch(id)?.original).toBe('read me');
    expect(recall(reader, 'read', { project: '/work/shop', session: 'x' }).hits).toHaveLength(1);
    expect(() => reader.ingest(entry({ original: 'no' }))).toThrow(/read-only/);
    reader.close();
  });
});

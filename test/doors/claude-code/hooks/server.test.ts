import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendToServer } from '../../../../src/doors/claude-code/hooks/client.js';
import type { HookMessage } from '../../../../src/doors/claude-code/hooks/protocol.js';
import { startHookServer, type HookServer } from '../../../../src/doors/claude-code/hooks/server.js';
import { loadIndex } from '../../../../src/doors/claude-code/hooks/session-index.js';
import { socketDir, socketPrefix } from '../../../../src/doors/claude-code/hooks/socket-path.js';
import { openStore } from '../../../../src/core/store/open.js';
import type { GardenerStore } from '../../../../src/core/store/types.js';
import { bashResult, bigLog, hookWorld, SESSION, type HookWorld } from './support.js';

let world: HookWorld;
let store: GardenerStore;
let server: HookServer;
beforeEach(async () => {
  world = hookWorld();
  mkdirSync(world.home, { recursive: true });
  store = openStore({ path: world.dbPath });
  server = await startHookServer({ store, env: world.env });
});
afterEach(async () => {
  await server.close();
  store.close();
  world.cleanup();
});

const message = (
  event: HookMessage['event'],
  payload: Record<string, unknown>,
  db = world.dbPath,
): HookMessage => ({
  v: 1,
  event,
  db,
  cwd: world.project,
  env: { CLAUDE_PROJECT_DIR: world.project },
  input: JSON.stringify({ session_id: SESSION, cwd: world.project, ...payload }),
});

describe('hook server', () => {
  it('acknowledges a short tool result at once and stores it behind the reply', async () => {
    const reply = await sendToServer(
      message('post-tool-use', bashResult('t1', 'make', bigLog(12, 'E42'))),
      world.env,
      1_500,
    );
    expect(reply).toEqual({ ok: true, stdout: '' });
    await server.idle();
    const items = loadIndex(store, { project: world.project, session: SESSION }).items;
    expect(items).toHaveLength(1);
    expect(store.fetch(items[0]!.id)?.original).toContain('E42');
  });

  it('answers a long tool result with what goes to the model: its summary and the way back', async () => {
    const reply = await sendToServer(
      message('post-tool-use', bashResult('t1', 'make', bigLog(400, 'E42 checksum mismatch'))),
      world.env,
      5_000,
    );
    const printed = JSON.parse(reply?.ok ? reply.stdout : '{}') as {
      hookSpecificOutput?: { updatedToolOutput?: { stdout?: string } };
    };
    const stdout = printed.hookSpecificOutput?.updatedToolOutput?.stdout ?? '';
    const items = loadIndex(store, { project: world.project, session: SESSION }).items;
    expect(items).toHaveLength(1);
    expect(stdout).toContain(`fetch("${items[0]!.id}"`);
    expect(stdout).toContain('E42 checksum mismatch');
  });

  it('answers prompts after the queued results are stored', async () => {
    await sendToServer(
      message('post-tool-use', bashResult('t1', 'make', bigLog(100, 'E42'))),
      world.env,
      1_500,
    );
    const reply = await sendToServer(message('pre-compact', { trigger: 'auto' }), world.env, 5_000);
    expect(reply?.ok && reply.stdout).toContain('make');
  });

  it('a hook of another store finds no server (the hook then runs itself)', async () => {
    const other = path.join(world.home, 'other.db');
    expect(
      await sendToServer(message('post-tool-use', bashResult('t1', 'ls', 'a'), other), world.env, 1_500),
    ).toBeUndefined();
  });

  it('a socket nobody listens on is removed', async () => {
    const stale = path.join(socketDir(world.env), `${socketPrefix(world.dbPath)}999999.sock`);
    writeFileSync(stale, '');
    await server.close();
    expect(await sendToServer(message('pre-compact', {}), world.env, 1_000)).toBeUndefined();
    expect(existsSync(stale)).toBe(false);
    server = await startHookServer({ store, env: world.env });
  });

  it('follows the scope of the hooks it handles', async () => {
    await server.close();
    const seen: string[] = [];
    server = await startHookServer({ store, env: world.env, onScope: (s) => seen.push(s.session) });
    await sendToServer(message('pre-compact', {}), world.env, 5_000);
    expect(seen).toEqual([SESSION]);
  });
});

describe('socket folder', () => {
  it('neither serves nor sends through a folder others can read', async () => {
    const { chmodSync } = await import('node:fs');
    const dir = socketDir(world.env);
    chmodSync(dir, 0o755);
    expect(await sendToServer(message('pre-compact', {}), world.env, 1_000)).toBeUndefined();
    await expect(startHookServer({ store, env: world.env, pid: 4242 })).rejects.toThrow(
      /not a private folder/,
    );
    chmodSync(dir, 0o700);
  });
});

describe('spool', () => {
  it('a server stores the results spooled while none ran, on start', async () => {
    await server.close();
    const { spool } = await import('../../../../src/doors/claude-code/hooks/spool.js');
    expect(
      spool(world.env, message('post-tool-use', bashResult('t9', 'make', bigLog(100, 'SPOOLED-E77')))),
    ).toBe(true);
    server = await startHookServer({ store, env: world.env });
    await server.idle();
    const items = loadIndex(store, { project: world.project, session: SESSION }).items;
    expect(items.map((i) => store.fetch(i.id)?.original ?? '').some((o) => o.includes('SPOOLED-E77'))).toBe(
      true,
    );
  });

  it('never leaves a secret on disk in clear while a result waits', async () => {
    await server.close();
    const { spool, spoolDir } = await import('../../../../src/doors/claude-code/hooks/spool.js');
    const key = 'AKIAIOSFODNN7EXAMPLE';
    const output = `${bigLog(20, 'SPOOL-SECRET')}\naws_access_key_id = ${key}`;
    expect(spool(world.env, message('post-tool-use', bashResult('t10', 'env', output)))).toBe(true);
    const dir = spoolDir(world.env, world.dbPath)!;
    const files = readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8'));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain('SPOOL-SECRET');
    expect(files[0]).not.toContain(key);
  });
});

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIndex } from '../../src/doors/claude-code/hooks/session-index.js';
import { openStore } from '../../src/core/store/open.js';
import { startFakeAnthropic, toolReply, type FakeAnthropic } from '../support/fake-anthropic/index.js';
import type { Json } from '../support/fake-anthropic/types.js';
import { CLAUDE_BIN, claudePresent, HEADLESS_CLAUDE_ENV } from '../support/claude-code.js';

/**
 * `gardener install claude-code` (no plugin) read by the real Claude Code: hooks from
 * ~/.claude/settings.json, the MCP server from ~/.claude.json; uninstall leaves HOME as it was.
 * Skips with a message without Claude Code (GARDENER_CLAUDE_BIN) or the build.
 */
const CLAUDE = CLAUDE_BIN;
const REPO = resolve(import.meta.dirname, '..', '..');
const missing = !claudePresent
  ? `no claude at ${CLAUDE}; set GARDENER_CLAUDE_BIN`
  : !existsSync(join(REPO, 'dist', 'doors', 'claude-code', 'cli', 'hook-entry.js'))
    ? 'gardener is not built; run npm run build'
    : undefined;
const title = `gardener install claude-code, read by Claude Code${missing ? ` (skipped: ${missing})` : ''}`;
const SESSION = '5e771265-aaaa-4bbb-8ccc-dddddddddddd';

let root: string;
let project: string;
let env: Record<string, string>;
let fake: FakeAnthropic | undefined;

const gardener = (...args: string[]) =>
  spawnSync(process.execPath, [join(REPO, 'bin', 'gardener'), ...args], {
    cwd: project,
    env,
    encoding: 'utf8',
  });

beforeAll(() => {
  if (missing) return;
  root = mkdtempSync(join(tmpdir(), 'gardener-settings-e2e-'));
  project = join(root, 'shop');
  mkdirSync(join(project, '.git'), { recursive: true });
  env = {
    PATH: process.env['PATH'] ?? '',
    HOME: join(root, 'home'),
    GARDENER_HOME: join(root, 'gardener'),
    XDG_RUNTIME_DIR: join(root, 'run'),
    ...HEADLESS_CLAUDE_ENV,
  };
  mkdirSync(env['HOME']!, { recursive: true });
});
afterAll(async () => {
  await fake?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe.skipIf(missing !== undefined)(title, () => {
  it('hooks store the session and the model sees mcp__gardener__ tools; uninstall removes it all', async () => {
    const installed = gardener('install', 'claude-code', '--user');
    expect(installed.status).toBe(0);
    fake = await startFakeAnthropic({
      script: [
        toolReply('Bash', { command: 'seq 1 400 | sed "s/^/row /"', description: 'rows' }),
        { reply: 'done' },
      ],
    });
    // Asynchronously: the fake answers from this process.
    const args = [
      '-p',
      'list the rows',
      '--session-id',
      SESSION,
      '--output-format',
      'stream-json',
      '--verbose',
    ];
    const child = spawn(CLAUDE, [...args, '--dangerously-skip-permissions'], {
      cwd: project,
      env: { ...env, ANTHROPIC_BASE_URL: fake.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (part: Buffer) => (stdout += part.toString()));
    expect(await new Promise((done) => child.on('close', done))).toBe(0);
    const init = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l): Json => JSON.parse(l))
      .find((e) => e.type === 'system' && e.subtype === 'init');
    expect(init?.tools).toContain('mcp__gardener__recall');
    expect(init?.mcp_servers).toContainEqual({ name: 'gardener', status: 'connected' });
    expect(fake.violations).toEqual([]);

    const store = openStore({ path: join(env['GARDENER_HOME']!, 'gardener.db'), readonly: true });
    const items = loadIndex(store, { project, session: SESSION }).items;
    expect(items.map((i) => store.fetch(i.id)?.original).some((o) => o?.includes('row 400'))).toBe(true);
    store.close();

    expect(gardener('install', 'claude-code', '--user', '--uninstall').status).toBe(0);
    const settings = join(env['HOME']!, '.claude', 'settings.json');
    expect(existsSync(settings) ? readFileSync(settings, 'utf8') : '').not.toContain('gardener-hook');
    const config = JSON.parse(readFileSync(join(env['HOME']!, '.claude.json'), 'utf8')) as {
      mcpServers?: object;
    };
    expect(Object.keys(config.mcpServers ?? {})).not.toContain('gardener');
  }, 120_000);
});

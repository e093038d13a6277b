import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGardener } from '../../../support/cli.js';

let root: string;
let home: string;
let project: string;
let env: Record<string, string>;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'gardener-install-'));
  home = path.join(root, 'home');
  project = path.join(root, 'shop');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  env = { HOME: home, GARDENER_HOME: path.join(root, 'data') };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const gardener = async (...args: string[]) => {
  const run = await runGardener(['install', 'claude-code', ...args], { env, cwd: project });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
};
const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- settings files are free-form JSON
const json = (file: string) => JSON.parse(read(file) ?? 'null') as Record<string, any>;

const USER_SETTINGS = () => path.join(home, '.claude', 'settings.json');
const USER_CONFIG = () => path.join(home, '.claude.json');

describe('gardener install claude-code --user', () => {
  it('writes every hook and the MCP server where Claude Code reads them, and shows the diff', async () => {
    const out = await gardener('--user');
    expect(out).toContain(`+++ ${USER_SETTINGS()}`);
    expect(out).toContain('gardener-hook post-tool-use');
    const settings = json(USER_SETTINGS());
    for (const [event, arg] of [
      ['PostToolUse', 'post-tool-use'],
      ['PostToolUseFailure', 'post-tool-use-failure'],
      ['UserPromptSubmit', 'user-prompt-submit'],
      ['PreCompact', 'pre-compact'],
      ['SessionStart', 'session-start'],
    ] as const) {
      const command = settings['hooks'][event][0].hooks[0].command as string;
      expect(command).toMatch(new RegExp(`/bin/gardener-hook ${arg}$`));
      expect(existsSync(command.split(' ')[0]!)).toBe(true);
    }
    expect(json(USER_CONFIG())['mcpServers']['gardener']).toMatchObject({ type: 'stdio', args: ['mcp'] });
  });

  it('keeps existing user entries, and install → uninstall leaves both files byte-identical', async () => {
    const settings =
      '{\n    "model": "opus",\n    "hooks": {\n        "PostToolUse": [\n            {\n                "matcher": "Edit",\n                "hooks": [{ "type": "command", "command": "prettier --write" }]\n            }\n        ]\n    }\n}\n';
    const config = JSON.stringify({ numStartups: 3, mcpServers: { github: { command: 'gh-mcp' } } }, null, 2);
    mkdirSync(path.dirname(USER_SETTINGS()), { recursive: true });
    writeFileSync(USER_SETTINGS(), settings);
    writeFileSync(USER_CONFIG(), config);

    await gardener('--user');
    const installed = json(USER_SETTINGS());
    expect(installed['model']).toBe('opus');
    expect(installed['hooks']['PostToolUse']).toHaveLength(2);
    expect(installed['hooks']['PostToolUse'][0].hooks[0].command).toBe('prettier --write');
    expect(read(USER_SETTINGS())).toMatch(/^\{\n {4}"model"/); // the file's own indent kept
    expect(Object.keys(json(USER_CONFIG())['mcpServers'])).toEqual(['github', 'gardener']);

    await gardener('--user', '--uninstall');
    expect(read(USER_SETTINGS())).toBe(settings);
    expect(read(USER_CONFIG())).toBe(config);
  });

  it('uninstall removes files install created', async () => {
    await gardener('--user');
    await gardener('--user', '--uninstall');
    expect(existsSync(USER_SETTINGS())).toBe(false);
    expect(existsSync(USER_CONFIG())).toBe(false);
  });

  it('uninstall after the user edited the file removes only gardener entries', async () => {
    await gardener('--user');
    const edited = json(USER_SETTINGS());
    edited['theme'] = 'dark';
    edited['hooks']['Stop'] = [{ hooks: [{ type: 'command', command: 'say done' }] }];
    writeFileSync(USER_SETTINGS(), JSON.stringify(edited, null, 2) + '\n');
    await gardener('--user', '--uninstall');
    expect(json(USER_SETTINGS())).toEqual({
      theme: 'dark',
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] },
    });
  });

  it('installing twice changes nothing the second time; --dry-run writes nothing', async () => {
    expect(await gardener('--user', '--dry-run')).toContain('(dry run)');
    expect(existsSync(USER_SETTINGS())).toBe(false);
    await gardener('--user');
    const once = read(USER_SETTINGS());
    expect(await gardener('--user')).toContain('nothing to change');
    expect(read(USER_SETTINGS())).toBe(once);
  });
});

describe('gardener install claude-code --project', () => {
  it('writes .claude/settings.json (hooks, server approved) and .mcp.json; uninstall restores', async () => {
    const mcp = '{\n  "mcpServers": {\n    "db": { "command": "db-mcp" }\n  }\n}\n';
    writeFileSync(path.join(project, '.mcp.json'), mcp);
    await gardener('--project');
    const settings = json(path.join(project, '.claude', 'settings.json'));
    expect(settings['enabledMcpjsonServers']).toEqual(['gardener']);
    expect(settings['hooks']['PreCompact']).toHaveLength(1);
    expect(Object.keys(json(path.join(project, '.mcp.json'))['mcpServers'])).toEqual(['db', 'gardener']);
    expect(existsSync(USER_SETTINGS())).toBe(false);

    await gardener('--project', '--uninstall');
    expect(read(path.join(project, '.mcp.json'))).toBe(mcp);
    expect(existsSync(path.join(project, '.claude', 'settings.json'))).toBe(false);
  });

  it('names gardener by its bare name when PATH finds this install, so the files hold no machine path', async () => {
    const bin = path.resolve(import.meta.dirname, '../../../../bin');
    const onPath = path.join(root, 'global-bin');
    mkdirSync(onPath);
    for (const program of ['gardener', 'gardener-hook'])
      symlinkSync(path.join(bin, program), path.join(onPath, program));
    env = { ...env, PATH: [path.join(root, 'elsewhere'), onPath].join(path.delimiter) };
    await gardener('--project');
    const settings = read(path.join(project, '.claude', 'settings.json')) ?? '';
    const servers = read(path.join(project, '.mcp.json')) ?? '';
    expect(settings).toContain('"gardener-hook post-tool-use"');
    expect(JSON.parse(servers).mcpServers.gardener.command).toBe('gardener');
    expect(settings + servers).not.toContain(bin);
    await gardener('--project', '--uninstall');
    expect(existsSync(path.join(project, '.claude', 'settings.json'))).toBe(false);
  });

  it('names gardener by bare name when PATH does not find it either, and says so', async () => {
    const out = await gardener('--project');
    const settings = read(path.join(project, '.claude', 'settings.json')) ?? '';
    const servers = read(path.join(project, '.mcp.json')) ?? '';
    expect(settings).toContain('"gardener-hook post-tool-use"');
    expect(JSON.parse(servers).mcpServers.gardener.command).toBe('gardener');
    expect(settings + servers).not.toContain(path.resolve(import.meta.dirname, '../../../..'));
    expect(out).toMatch(/note: .* gardener and gardener-hook by bare name, and PATH here does not find them/);
  });

  it('refuses a settings file that is not JSON, changing nothing', async () => {
    mkdirSync(path.join(project, '.claude'), { recursive: true });
    writeFileSync(path.join(project, '.claude', 'settings.json'), '{ broken');
    const run = await runGardener(['install', 'claude-code', '--project'], { env, cwd: project });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('settings.json');
    expect(existsSync(path.join(project, '.mcp.json'))).toBe(false);
  });
});

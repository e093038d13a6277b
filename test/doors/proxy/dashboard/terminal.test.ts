import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../../../support/fake-anthropic/index.js';

/** One real terminal: `gardener proxy` in tmux draws its dashboard, serves a request, and stops on Ctrl-C. */
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const ROOT = resolve(import.meta.dirname, '../../../..');
const SOCKET = `gardener-proxy-test-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });

let fake: FakeAnthropic | undefined;
let dir: string | undefined;
afterEach(async () => {
  spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function screenUntil(pattern: RegExp, ms = 20_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const screen = tmux('capture-pane', '-p', '-t', 'proxy');
    if (pattern.test(screen)) return screen;
    if (Date.now() > end) throw new Error(`screen never matched ${pattern}:\n${screen}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasTmux)('gardener proxy in a terminal', () => {
  it('shows the dashboard, a row per session, and the summary after Ctrl-C', async () => {
    fake = await startFakeAnthropic({ script: [textReply('hello')] });
    dir = mkdtempSync(join(tmpdir(), 'gardener-tty-'));
    const out = join(dir, 'after.txt');
    // CI=true as on CI: Ink would draw nothing live unless the proxy keeps it from seeing it.
    const command = `CI=true ${join(ROOT, 'node_modules/.bin/tsx')} ${join(ROOT, 'src/cli/main.ts')} proxy --port 0 --upstream ${fake.url} --db ${join(dir, 'g.db')} 2>${out}`;
    tmux('new-session', '-d', '-s', 'proxy', '-x', '140', '-y', '30', '-c', ROOT, command);
    const screen = await screenUntil(/ANTHROPIC_BASE_URL=(http:\/\/\S+)/);
    expect(screen).toContain('waiting for requests');
    const url = /ANTHROPIC_BASE_URL=(http:\/\/\S+)/.exec(screen)![1]!;
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      metadata: { user_id: JSON.stringify({ session_id: 'feedface-0000' }) },
      messages: [{ role: 'user', content: 'hi' }],
    };
    // A client's first call: the proxy gardens only requests whose key the upstream accepted.
    await (await fetch(`${url}/v1/models`, { headers: { 'x-api-key': 'k' } })).text();
    const answer = await fetch(`${url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    const row = await screenUntil(/feedface~/);
    expect(row).toMatch(/feedface~\w+ .* 1 req/);
    tmux('send-keys', '-t', 'proxy', 'C-c');
    const end = Date.now() + 20_000;
    while (!readFileSync(out, 'utf8').includes('gardener: 2 requests') && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    expect(readFileSync(out, 'utf8')).toContain('gardener: 2 requests (1 gardened), 1 session');
  }, 60_000);
});

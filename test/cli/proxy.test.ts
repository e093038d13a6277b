import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/doors/kit/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { writeLive } from '../../src/doors/kit/live.js';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '../support/fake-anthropic/index.js';
import { runGardener } from '../support/cli.js';

let fake: FakeAnthropic | undefined;
let dir: string | undefined;
afterEach(async () => {
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  fake = undefined;
  dir = undefined;
});

const body = JSON.stringify({
  model: 'claude-sonnet-4-5',
  max_tokens: 10,
  messages: [{ role: 'user', content: 'hi' }],
});

/**
 * A child that lists the models (the upstream accepts its key: the proxy gardens what follows), makes
 * one Messages request through ANTHROPIC_BASE_URL and exits with `code`.
 */
const child = (code: number) =>
  `fetch(process.env.ANTHROPIC_BASE_URL + '/v1/models', { headers: { 'x-api-key': 'k' } }).then(r => r.text()).then(() => fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body: ${JSON.stringify(body)} })).then(r => r.text()).then(() => process.exit(${code}))`;

describe('gardener run', () => {
  it('points the command at a private proxy, passes its exit code through, and says what it did', async () => {
    fake = await startFakeAnthropic({ script: [textReply('through the proxy')] });
    dir = mkdtempSync(join(tmpdir(), 'gardener-run-'));
    const run = await runGardener([
      'run',
      '--upstream',
      fake.url,
      '--db',
      join(dir, 'g.db'),
      '--',
      process.execPath,
      '-e',
      child(3),
    ]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^gardener: 2 requests \(1 gardened\)/m);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.headers['x-api-key']).toBe('k');
  });

  it("exits 0 when the command does, the command's gardener on the proxy's store", async () => {
    fake = await startFakeAnthropic({ script: [textReply('ok')] });
    dir = mkdtempSync(join(tmpdir(), 'gardener-run-'));
    // The child exits 0 only if `gardener show` in it would open the proxy's store.
    const check = `process.exit(process.env.GARDENER_HOME === ${JSON.stringify(dir)} ? 0 : 9)`;
    const run = await runGardener([
      'run',
      '--upstream',
      fake.url,
      '--db',
      join(dir, 'gardener.db'),
      '--',
      process.execPath,
      '-e',
      check,
    ]);
    expect(run.code).toBe(0);
  });
});

describe('gardener proxy', () => {
  it('refuses to listen on an address that is not loopback', async () => {
    const run = await runGardener(['proxy', '--host', '0.0.0.0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--host must be a loopback address');
  });

  it('prints its address, one JSON line per request, and a summary when stopped', async () => {
    fake = await startFakeAnthropic({ script: [textReply('logged')] });
    dir = mkdtempSync(join(tmpdir(), 'gardener-proxy-cli-'));
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: { write: (s: string) => (stdout += s), isTTY: false },
      stderr: { write: (s: string) => (stderr += s), isTTY: false },
      stdin: new PassThrough(),
      env: { NO_COLOR: '1' },
      cwd: dir,
    };
    const done = runCli(
      ['proxy', '--port', '0', '--upstream', fake.url, '--db', join(dir, 'g.db'), '--budget', '50000'],
      io,
    );
    const end = Date.now() + 10_000;
    while (!/listening on (http:\/\/\S+)/.test(stderr) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    const url = /listening on (http:\/\/\S+)/.exec(stderr)![1]!;
    // The upstream accepts the key first (the proxy gardens only then), as a client's first call would.
    await (await fetch(`${url}/v1/models`, { headers: { 'x-api-key': 'k' } })).text();
    const answer = await fetch(`${url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(200);
    while (stdout.split('\n').length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const line = JSON.parse(stdout.split('\n')[1]!);
    expect(line).toMatchObject({ kind: 'messages', status: 200, gardened: true, path: '/v1/messages' });
    expect(stdout).not.toContain('"k"');
    const listening = process.listenerCount('SIGINT');
    process.emit('SIGINT');
    // While it closes, a second Ctrl-C must find a listener: with none, the signal would kill the process.
    expect(process.listenerCount('SIGINT')).toBe(listening);
    process.emit('SIGINT');
    expect(await done).toBe(0);
    expect(process.listenerCount('SIGINT')).toBe(listening - 1);
    expect(stderr).toMatch(/gardener: 2 requests \(1 gardened\)/);
  });
});

describe('gardener statusline', () => {
  it("prints the live pressure the proxy wrote for Claude Code's session", async () => {
    dir = mkdtempSync(join(tmpdir(), 'gardener-sl-'));
    const storePath = join(dir, 'gardener.db');
    await writeLive(storePath, {
      clientSession: 'sess-1',
      session: 'sess-1~abc',
      project: dir,
      requests: 12,
      events: 2,
      rawTokens: 90_000,
      sentTokens: 40_000,
      providerTokens: 42_000,
      budget: 100_000,
      tokensSaved: 300_000,
      costSent: 50_000,
      costRaw: 100_000,
      updatedAt: Date.now(),
    });
    const run = await runGardener(['statusline', '--db', storePath], {
      stdin: JSON.stringify({ session_id: 'sess-1', cwd: dir, workspace: { current_dir: dir } }),
    });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      'gardener 42% of 100k · 42k tok in context · raw 90k · 2 events · cost −50%',
    );
  });

  it('prints a short line, exit 0, for a session it knows nothing of', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gardener-sl-'));
    const run = await runGardener(['statusline', '--db', join(dir, 'none.db')], {
      stdin: '{"session_id":"x"}',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('gardener: no store yet\n');
  });
});

describe('gardener proxy --upstream', () => {
  const io = (): { io: CliIo; stderr: () => string } => {
    let stderr = '';
    return {
      io: {
        stdout: { write: () => true, isTTY: false },
        stderr: { write: (s: string) => ((stderr += s), true), isTTY: false },
        stdin: new PassThrough(),
        env: {},
        cwd: tmpdir(),
      },
      stderr: () => stderr,
    };
  };
  const listen = { host: '127.0.0.1', port: 0 };

  it('warns that a plain http upstream on another machine would carry the key unencrypted, and still takes it', async () => {
    const { runtimeOptions } = await import('../../src/doors/proxy/cli/proxy.js');
    const run = io();
    const options = await runtimeOptions(run.io, { upstream: 'http://remote-host:8080' }, listen);
    expect(options.upstream.href).toBe('http://remote-host:8080/');
    expect(run.stderr()).toMatch(
      /warning: --upstream http:\/\/remote-host:8080 is plain http .* unencrypted/,
    );
  });

  it('says nothing for https, or for http on this machine', async () => {
    const { runtimeOptions } = await import('../../src/doors/proxy/cli/proxy.js');
    for (const upstream of [
      'https://remote-host',
      'http://127.0.0.1:9000',
      'http://localhost:9000',
      'http://[::1]:9000',
    ]) {
      const run = io();
      await runtimeOptions(run.io, { upstream }, listen);
      expect(run.stderr(), upstream).toBe('');
    }
  });
});

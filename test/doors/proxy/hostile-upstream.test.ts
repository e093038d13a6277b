import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProxy, type ProxyRuntime } from '../../../src/doors/proxy/runtime.js';
import { clientHeaders } from './support.js';

/** An upstream on 127.0.0.1 that misbehaves as `handle` says. */
async function startUpstream(
  handle: (req: IncomingMessage, res: ServerResponse, nth: number) => void,
): Promise<{ url: string; connections: Socket[]; close(): Promise<void> }> {
  const connections: Socket[] = [];
  const perSocket = new WeakMap<Socket, number>();
  const server = http.createServer((req, res) => {
    const nth = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, nth);
    req.resume();
    req.on('end', () => handle(req, res, nth));
  });
  server.on('connection', (socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const message = JSON.stringify({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [{ type: 'text', text: 'ok' }],
  stop_reason: 'end_turn',
  usage: { input_tokens: 5, output_tokens: 1 },
});
const answer = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(message);
};
const body = JSON.stringify({
  model: 'claude-sonnet-4-5',
  max_tokens: 10,
  messages: [{ role: 'user', content: 'hi' }],
});

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function proxyTo(url: string, upstreamIdleMs?: number): Promise<ProxyRuntime> {
  const dir = mkdtempSync(join(tmpdir(), 'gardener-hostile-'));
  const proxy = await openProxy({
    upstream: new URL(url),
    host: '127.0.0.1',
    port: 0,
    storePath: join(dir, 'gardener.db'),
    budget: 100_000,
    cwd: dir,
    project: 'hostile',
    ...(upstreamIdleMs ? { upstreamIdleMs } : {}),
  });
  cleanup.push(async () => {
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return proxy;
}

const send = async (proxy: ProxyRuntime) => {
  const response = await fetch(`${proxy.server.url}/v1/messages`, {
    method: 'POST',
    headers: clientHeaders(),
    body,
  });
  return { status: response.status, text: await response.text() };
};

describe('gardener proxy against a hostile upstream', () => {
  it('sends again on a fresh connection when a kept-alive socket died before any answer', async () => {
    // Keeps the connection open after its first answer, then hangs up on the next request it reads
    // there: as an upstream whose keep-alive timer closed the socket while the proxy was busy.
    const upstream = await startUpstream((req, res, nth) => (nth === 1 ? answer(res) : req.socket.destroy()));
    cleanup.push(() => upstream.close());
    const proxy = await proxyTo(upstream.url);
    expect((await send(proxy)).status).toBe(200);
    const second = await send(proxy);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.text).content[0].text).toBe('ok');
    expect(upstream.connections.length).toBe(2);
  });

  it('gives up on an upstream that reads the request and never answers: 504 with a clear error', async () => {
    const upstream = await startUpstream(() => {});
    cleanup.push(() => upstream.close());
    const proxy = await proxyTo(upstream.url, 300);
    const started = performance.now();
    const reply = await send(proxy);
    expect(reply.status).toBe(504);
    expect(JSON.parse(reply.text).error.message).toContain('the upstream sent nothing for 300 ms');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('cuts the client off when the upstream falls silent mid-answer', async () => {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ping\ndata: {"type":"ping"}\n\n');
    });
    cleanup.push(() => upstream.close());
    const proxy = await proxyTo(upstream.url, 300);
    const response = await fetch(`${proxy.server.url}/v1/messages`, {
      method: 'POST',
      headers: clientHeaders(),
      body,
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});

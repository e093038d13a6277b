import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../support/fake-anthropic/index.js';
import { clientHeaders, startHarness, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A request with a Host header of our choosing (fetch does not let one set it). */
function request(port: number, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/messages',
        method: 'POST',
        headers: { ...clientHeaders(), host },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(
      JSON.stringify({
        model: 'claude-sonnet-4-5',
        max_tokens: 5,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
  });
}

describe('gardener proxy refuses requests that do not name a loopback host', () => {
  it('answers 403 to a rebound DNS name and never forwards it', async () => {
    harness = await startHarness([textReply('ok')]);
    const port = harness.proxy.server.port;
    const refused = await request(port, `attacker.example:${port}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ type: 'error', error: { type: 'permission_error' } });
    expect(harness.fake.requests).toHaveLength(0);
    const lookalike = await request(port, `127.0.0.1.attacker.example:${port}`);
    expect(lookalike.status).toBe(403);
  });

  it('accepts localhost, 127.0.0.1 and [::1]', async () => {
    harness = await startHarness([textReply('a'), textReply('b'), textReply('c')]);
    const port = harness.proxy.server.port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
      expect((await request(port, host)).status).toBe(200);
    expect(harness.fake.requests).toHaveLength(3);
  });
});

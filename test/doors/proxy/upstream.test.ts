import { describe, expect, it } from 'vitest';
import { diedOnReusedSocket, endToEnd, upstreamUrl } from '../../../src/doors/proxy/upstream.js';

describe('forwarding to the upstream', () => {
  it("joins the upstream's path prefix and the client's path, query kept", () => {
    expect(upstreamUrl(new URL('https://api.anthropic.com'), '/v1/messages?beta=true').href).toBe(
      'https://api.anthropic.com/v1/messages?beta=true',
    );
    expect(upstreamUrl(new URL('https://gw.example/anthropic/'), '/v1/messages').href).toBe(
      'https://gw.example/anthropic/v1/messages',
    );
  });

  it('drops hop-by-hop headers and those Connection names, keeps the rest (keys included)', () => {
    const out = endToEnd({
      connection: 'keep-alive, x-hop',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      'x-hop': '1',
      'x-api-key': 'sk-test',
      authorization: 'Bearer t',
      'anthropic-beta': 'a,b',
      'anthropic-version': '2023-06-01',
    });
    expect(out).toEqual({
      'x-api-key': 'sk-test',
      authorization: 'Bearer t',
      'anthropic-beta': 'a,b',
      'anthropic-version': '2023-06-01',
    });
  });

  it('sends again only a request whose kept-alive socket was reset or broken', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const broken = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(diedOnReusedSocket(reset, true)).toBe(true);
    expect(diedOnReusedSocket(broken, true)).toBe(true);
    // A fresh connection that fails failed for another reason: sending again would not help.
    expect(diedOnReusedSocket(reset, false)).toBe(false);
    expect(diedOnReusedSocket(refused, true)).toBe(false);
    expect(diedOnReusedSocket(new Error('aborted'), true)).toBe(false);
  });
});

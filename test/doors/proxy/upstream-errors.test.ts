import { afterEach, describe, expect, it } from 'vitest';
import { apiError, rateLimited } from '../../support/fake-anthropic/index.js';
import { post, startHarness, until, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const body = { model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };

describe('upstream errors reach the client unchanged', () => {
  it('passes a 429 with its body, retry-after and request-id', async () => {
    harness = await startHarness([rateLimited(7)]);
    const answer = await post(harness, '/v1/messages', body);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    const requestId = answer.headers.get('request-id');
    expect(requestId).toMatch(/^req_/);
    const parsed = JSON.parse(answer.text);
    expect(parsed).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: expect.stringContaining('rate limit') },
      request_id: requestId,
    });
  });

  it('passes a 529 overloaded and a 400 the same way, streamed requests included', async () => {
    harness = await startHarness([
      apiError(529, 'overloaded_error', 'Overloaded'),
      apiError(400, 'invalid_request_error', 'bad thing'),
    ]);
    const overloaded = await post(harness, '/v1/messages', { ...body, stream: true });
    expect(overloaded.status).toBe(529);
    expect(JSON.parse(overloaded.text).error).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
    const bad = await post(harness, '/v1/messages', body);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error.message).toBe('bad thing');
    await until(() => harness!.records.length === 2);
    expect(harness.records.map((r) => r.status)).toEqual([529, 400]);
  });

  it('cuts the client off when the upstream stops mid-stream, instead of leaving it waiting', async () => {
    harness = await startHarness([{ fail: 'cut', reply: 'a long answer that never ends', afterEvents: 2 }]);
    const response = await fetch(`${harness.proxy.server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, stream: true }),
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('answers 502 in the API error shape when the upstream cannot be reached', async () => {
    harness = await startHarness([]);
    await harness.fake.close();
    const answer = await post(harness, '/v1/messages', body);
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.text)).toMatchObject({ type: 'error', error: { type: 'api_error' } });
  });
});

import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/core/store/open.js';
import { textReply, type ReplyBlock } from '../../support/fake-anthropic/index.js';
import { bigLog } from './agent-loop.js';
import { claudeMetadata, clientHeaders, post, startHarness, until, type ProxyHarness } from './support.js';
import type { JsonMessage } from './json.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const SESSION = 'dddddddd-0000-4000-8000-00000000d15c';
const CHUNK_DELAY_MS = 150;

/** A history with tool outputs, so the request has blocks to store. */
function body(stream: boolean) {
  const messages: JsonMessage[] = [{ role: 'user', content: 'check the tests' }];
  for (let i = 0; i < 6; i++) {
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: `pytest ${i}` } }],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: bigLog(i, 80, `fail-${i}`) }],
    });
  }
  return { model: 'claude-sonnet-4-5', max_tokens: 100, stream, metadata: claudeMetadata(SESSION), messages };
}

/** Streams through the proxy and hangs up after the first chunk; resolves with when it hung up. */
function hangUpAfterFirstChunk(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL('/v1/messages', url);
    const req = http.request(target, { method: 'POST', headers: clientHeaders() }, (res) => {
      res.once('data', () => {
        const at = performance.now();
        req.destroy();
        resolve(at);
      });
    });
    req.on('error', () => undefined);
    req.on('close', () => reject(new Error('closed before any data')));
    req.end(JSON.stringify(body(true)));
  });
}

function storedEntries(path: string): number {
  const store = openStore({ path, readonly: true });
  try {
    return store.stats().entries;
  } catch {
    return 0;
  } finally {
    store.close();
  }
}

/** Entries once settling in the background has stopped adding any (the same count 300 ms apart). */
async function settledEntries(path: string): Promise<number> {
  let before = -1;
  for (;;) {
    const now = storedEntries(path);
    if (now === before && now > 0) return now;
    before = now;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('a client that hangs up mid-stream', () => {
  it('aborts the upstream request at once, and a retry stores nothing twice', async () => {
    let upstreamClosedAt = 0;
    const long: ReplyBlock[] = Array.from({ length: 10 }, (_, i) => ({
      type: 'text' as const,
      text: `part ${i}`,
    }));
    harness = await startHarness(
      [{ reply: { content: long, chunkDelayMs: CHUNK_DELAY_MS } }, textReply('retried')],
      {
        budget: 200_000,
        onUpstreamClosed: (request) => {
          if (request.step === 0) upstreamClosedAt = performance.now();
        },
      },
    );
    const hungUpAt = await hangUpAfterFirstChunk(harness.proxy.server.url);
    await until(() => upstreamClosedAt > 0);
    // The whole stream takes 30+ events × 150 ms; the upstream was let go long before.
    expect(upstreamClosedAt - hungUpAt).toBeLessThan(1_000);
    await until(() => harness!.records.length === 1);
    expect(harness.records[0]).toMatchObject({ aborted: true, status: 200 });
    expect(harness.fake.requests[0]!.clientClosed).toBe(true);

    const afterAbort = await settledEntries(harness.storePath);
    expect(afterAbort).toBeGreaterThanOrEqual(6);
    const retry = await post(harness, '/v1/messages', body(false));
    expect(retry.status).toBe(200);
    await until(() => harness!.records.length === 2);
    expect(await settledEntries(harness.storePath)).toBe(afterAbort);
    expect(harness.fake.violations).toEqual([]);
  });
});

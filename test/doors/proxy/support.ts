import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GardenSettings } from '../../../src/core/garden/constants.js';
import { openProxy, type ProxyRuntime } from '../../../src/doors/proxy/runtime.js';
import type { RequestRecord } from '../../../src/doors/proxy/records.js';
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type RecordedRequest,
  type ScriptStep,
} from '../../support/fake-anthropic/index.js';

export interface ProxyHarness {
  fake: FakeAnthropic;
  proxy: ProxyRuntime;
  records: RequestRecord[];
  dir: string;
  storePath: string;
  close(): Promise<void>;
}

/** The fake Messages API as upstream, a proxy in front of it, a throwaway store. */
export async function startHarness(
  script: ScriptStep[],
  options: {
    budget?: number;
    contextWindow?: number;
    project?: string;
    onUpstreamClosed?: (request: RecordedRequest) => void;
    /**
     * Whether the upstream accepted the client's key before the test starts (default true: a
     * `GET /v1/models` with `clientHeaders()` went through the proxy, then left out of the records).
     */
    keyAccepted?: boolean;
    /** The engine's settings (e.g. `prefixCheck`). */
    settings?: GardenSettings;
    /** Every reply of the fake thinks first, about this many tokens (its prefix check checks them). */
    thinkingReplies?: number;
  } = {},
): Promise<ProxyHarness> {
  const fake = await startFakeAnthropic({
    script,
    ...(options.thinkingReplies ? { thinkingReplies: options.thinkingReplies } : {}),
    ...(options.contextWindow ? { contextWindow: options.contextWindow } : {}),
    ...(options.onUpstreamClosed ? { onRequest: options.onUpstreamClosed } : {}),
  });
  const dir = mkdtempSync(join(tmpdir(), 'gardener-proxy-'));
  const storePath = join(dir, 'gardener.db');
  const records: RequestRecord[] = [];
  const proxy = await openProxy({
    upstream: new URL(fake.url),
    host: '127.0.0.1',
    port: 0,
    storePath,
    budget: options.budget ?? 100_000,
    cwd: dir,
    project: options.project ?? 'proxy-test',
    ...(options.settings ? { settings: options.settings } : {}),
    onRecord: (record) => records.push(record),
  });
  if (options.keyAccepted ?? true) {
    // The proxy gardens only requests whose key the upstream has accepted: as a client's first call.
    await fetch(`${proxy.server.url}/v1/models`, { headers: clientHeaders() }).then((r) => r.text());
    await until(() => records.length === 1);
    records.length = 0;
    fake.requests.length = 0;
  }
  return {
    fake,
    proxy,
    records,
    dir,
    storePath,
    async close() {
      try {
        await proxy.close();
        await fake.close();
      } finally {
        rmSync(dir, { recursive: true, force: true }); // also when a test closed the fake itself
      }
    },
  };
}

/** Headers a Claude Code-like client sends. */
export function clientHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-api-key': 'test-key',
    'anthropic-version': '2023-06-01',
    ...extra,
  };
}

/** `metadata` as Claude Code 2.1 sends it. */
export function claudeMetadata(sessionId: string): { user_id: string } {
  return { user_id: JSON.stringify({ device_id: 'd'.repeat(64), account_uuid: '', session_id: sessionId }) };
}

/** POSTs a JSON body through the proxy and reads the whole answer. */
export async function post(
  harness: ProxyHarness,
  path: string,
  body: unknown,
  headers: Record<string, string> = clientHeaders(),
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${harness.proxy.server.url}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Waits until `check` holds (records arrive after the answer's last byte). */
export async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A gardened Messages request as the proxy records it; tests override what they are about. */
export function requestRecord(over: Partial<RequestRecord>): RequestRecord {
  return {
    at: 1,
    kind: 'messages',
    method: 'POST',
    path: '/v1/messages',
    status: 200,
    ms: 10,
    gardened: true,
    session: 's~1',
    clientSession: 's',
    budget: 100_000,
    model: 'claude-sonnet-4-5',
    ...over,
  };
}

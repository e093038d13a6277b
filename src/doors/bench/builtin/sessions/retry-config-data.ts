/** Outputs and file contents of the retry-config session. */
import { type Rng } from '../random.js';
import type { VitestFailure } from '../typescript.js';

/** The source files of the relay service: path, option object, fields. */
export const SOURCES: Array<[string, string, string[]]> = [
  [
    'src/config/retry.ts',
    'retryPolicy',
    ['retryBackoffMs', 'maxAttempts', 'jitter', 'retryOn', 'timeoutMs', 'circuitName'],
  ],
  [
    'src/config/load.ts',
    'relayConfig',
    ['region', 'port', 'logLevel', 'queueUrl', 'retryBackoffMs', 'dlqName', 'batchSize'],
  ],
  [
    'src/queue/consumer.ts',
    'consumerOptions',
    ['queueUrl', 'visibilityTimeout', 'retryBackoffMs', 'concurrency', 'handlerName'],
  ],
  [
    'src/queue/producer.ts',
    'producerOptions',
    ['queueUrl', 'maxBatch', 'flushMs', 'compression', 'retryBackoffMs'],
  ],
  [
    'src/http/client.ts',
    'clientOptions',
    ['baseUrl', 'timeoutMs', 'retryBackoffMs', 'userAgent', 'keepAlive'],
  ],
  ['src/http/server.ts', 'serverOptions', ['host', 'port', 'bodyLimit', 'trustProxy', 'healthPath']],
  ['src/metrics/emit.ts', 'metricsOptions', ['namespace', 'flushMs', 'dimensions', 'sampleRate']],
];

/** pino JSON lines from the running service, retries included. */
export function pinoLog(rng: Rng, count: number): string {
  const lines: string[] = [];
  let time = Date.UTC(2025, 3, 1, 22, 14, 3);
  for (let i = 0; i < count; i++) {
    time += rng.int(20, 4000);
    const service = rng.pick(['consumer', 'producer', 'http-client']);
    const attempt = rng.int(1, 5);
    const base = service === 'consumer' ? 200 : service === 'http-client' ? 1000 : 500;
    const entry = rng.chance(0.35)
      ? {
          level: 40,
          time,
          pid: 4127,
          hostname: 'relay-7c9f6d4b8-x2kqz',
          service,
          msg: 'retrying',
          attempt,
          delayMs: base * 2 ** (attempt - 1),
          error: rng.pick([
            'ECONNRESET',
            'HTTP 503 Service Unavailable',
            'ThrottlingException: Rate exceeded',
            'ETIMEDOUT',
          ]),
          messageId: `${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`,
        }
      : {
          level: 30,
          time,
          pid: 4127,
          hostname: 'relay-7c9f6d4b8-x2kqz',
          service,
          msg: rng.pick(['delivered', 'polled', 'flushed', 'acked']),
          durationMs: rng.int(3, 900),
          batch: rng.int(1, 25),
        };
    lines.push(JSON.stringify(entry));
  }
  return lines.join('\n');
}

export function sourceOf(file: string): string {
  const match = SOURCES.find(([path]) => path === file);
  return match ? match[0] : 'src/config/load.ts';
}

export function window(text: string, from: number, count: number): string {
  return text
    .split('\n')
    .slice(Math.max(0, from), Math.max(0, from) + count)
    .join('\n');
}

export function tsErrorsFor(rng: Rng) {
  const files = [
    'src/queue/consumer.ts',
    'src/queue/producer.ts',
    'src/http/client.ts',
    'src/config/retry.ts',
    'src/queue/consumer.ts',
    'src/http/client.ts',
    'src/config/load.ts',
    'src/queue/producer.ts',
    'src/http/client.ts',
  ];
  return files.map((file) => ({
    file,
    line: rng.int(20, 70),
    col: rng.int(5, 40),
    code: rng.pick([2339, 2339, 2353, 2322]),
    message: rng.pick([
      "Property 'retryBackoffMs' does not exist on type 'RelayConfig'.",
      "Object literal may only specify known properties, and 'retryBackoffMs' does not exist in type 'RelayConfig'.",
      "Type 'number | undefined' is not assignable to type 'RetryOptions'.",
    ]),
  }));
}

export function retryHits(rng: Rng) {
  const hits = [];
  for (const [path] of SOURCES.slice(0, 5))
    for (let i = 0; i < 3; i++)
      hits.push({
        path,
        line: rng.int(10, 90),
        text: rng.pick([
          '  retryBackoffMs: number;',
          '    base: options.retryBackoffMs ?? 200,',
          '  retryBackoffMs: z.number().int().nonnegative(),',
          '      await sleep(options.retryBackoffMs * 2 ** attempt);',
        ]),
      });
  hits.push(
    { path: 'config/default.json', line: 14, text: '  "retryBackoffMs": 500,' },
    {
      path: 'docs/configuration.md',
      line: 31,
      text: '| `retryBackoffMs` | number | 500 | Delay before the first retry; doubles each attempt. |',
    },
  );
  for (const t of ['test/helpers/config.ts', 'test/queue/consumer.test.ts', 'test/http/client.test.ts'])
    hits.push({ path: t, line: rng.int(5, 80), text: '    retryBackoffMs: 200,' });
  return hits;
}

export function vitestFailures(): VitestFailure[] {
  return [
    {
      file: 'test/queue/consumer.test.ts',
      suite: 'consumer',
      test: 'backs off exponentially between attempts',
      expected: '[ 500, 1000, 2000 ]',
      received: '[ 200, 400, 800 ]',
      line: 88,
    },
    {
      file: 'test/http/client.test.ts',
      suite: 'http client',
      test: 'retries 503 with backoff',
      expected: '{ attempts: 5, lastDelayMs: 8000 }',
      received: '{ attempts: 3, lastDelayMs: 4000 }',
      line: 121,
    },
    {
      file: 'test/config/load.test.ts',
      suite: 'loadConfig',
      test: 'applies production overrides',
      expected: '{ retry: { backoffMs: 500, maxAttempts: 5, jitter: true } }',
      received: '{ retry: undefined }',
      line: 64,
    },
  ];
}

export function testSource(rng: Rng, f: VitestFailure): string {
  const lines = [`describe('${f.suite}', () => {`];
  for (let i = 0; i < 4; i++)
    lines.push(
      `  it('handles case ${rng.int(1000, 9999)}', async () => {`,
      `    const relay = await startRelay(testConfig({ port: ${rng.int(3000, 9000)} }));`,
      '    await relay.send(fixtureMessage());',
      `    expect(relay.stats().sent).toBe(${rng.int(1, 9)});`,
      '  });',
      '',
    );
  lines.push(
    `  it('${f.test}', async () => {`,
    '    const delays = await recordDelays(testConfig(), 3);',
    `    expect(delays).toEqual(${f.received.replace(/ /g, '')});`,
    '  });',
    '});',
  );
  return lines.join('\n');
}

export function configJson(rng: Rng, name: string): string {
  return JSON.stringify(
    {
      $schema: '../schema/relay-config.json',
      region: name === 'production' ? 'eu-west-1' : 'local',
      port: name === 'production' ? 8443 : 8080,
      logLevel: name === 'production' ? 'info' : 'debug',
      queueUrl: `https://sqs.eu-west-1.amazonaws.com/${rng.int(100000000000, 999999999999)}/relay-${name}`,
      retryBackoffMs: 500,
      dlqName: `relay-${name}-dlq`,
      batchSize: 25,
      consumers: Array.from({ length: 6 }, (_, i) => ({
        name: `worker-${i + 1}`,
        concurrency: rng.int(2, 16),
        visibilityTimeout: rng.pick([30, 60, 120]),
        handler: rng.pick(['webhook', 'email', 'audit', 'billing']),
      })),
      http: {
        baseUrl: `https://api.${name}.relay.internal`,
        timeoutMs: 10000,
        keepAlive: true,
        retryBackoffMs: name === 'production' ? 500 : 1000,
      },
    },
    null,
    2,
  );
}

export const PACKAGE_JSON = JSON.stringify(
  {
    name: '@acme/relay',
    version: '2.7.1',
    type: 'module',
    scripts: {
      build: 'tsc -p tsconfig.build.json',
      test: 'vitest run',
      lint: 'eslint .',
      start: 'node dist/main.js',
    },
    dependencies: { '@aws-sdk/client-sqs': '^3.540.0', pino: '^8.19.0', undici: '^6.10.1', zod: '^3.22.4' },
    devDependencies: { typescript: '^5.4.3', vitest: '^1.6.0', eslint: '^8.57.0' },
  },
  null,
  2,
);

export const DOCS = `# Configuration

relay reads \`config/default.json\`, then \`config/<NODE_ENV>.json\`, then \`RELAY_*\` environment variables.
Later sources override earlier ones key by key; nested objects are merged.

## Options

| key | type | default | meaning |
|---|---|---|---|
| \`region\` | string | \`local\` | AWS region of the queues. |
| \`port\` | number | 8080 | HTTP port of the health and webhook endpoints. |
| \`logLevel\` | string | \`info\` | pino level. |
| \`queueUrl\` | string | — | The inbound SQS queue. |
| \`retryBackoffMs\` | number | 500 | Delay before the first retry; doubles each attempt. |
| \`dlqName\` | string | — | Where messages go after the last attempt. |
| \`batchSize\` | number | 25 | Messages fetched per poll (SQS allows at most 10 per request; relay polls in parallel). |

## Environment variables

Every key can be set as \`RELAY_<KEY>\` in upper snake case, e.g. \`RELAY_LOG_LEVEL=debug\`. Nested keys join
with a double underscore: \`RELAY_HTTP__TIMEOUT_MS=5000\`.`;

export const HELPER = `import type { RelayConfig } from '../../../../bench/src/config/load.js';

/** A config for tests: local queue, no jitter, fast retries. */
export function testConfig(overrides: Partial<RelayConfig> = {}): RelayConfig {
  return {
    region: 'local',
    port: 0,
    logLevel: 'silent',
    queueUrl: 'http://localhost:9324/000000000000/relay-test',
    retryBackoffMs: 200,
    dlqName: 'relay-test-dlq',
    batchSize: 5,
    ...overrides,
  };
}`;

export const DEPRECATION = `  const migrated = migrateRetry(input, (message) => logger.warn({ deprecated: 'retryBackoffMs' }, message));
  const parsed = relayConfigSchema.safeParse(migrated);`;

export const DEPRECATION_TEST = `import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../../bench/src/config/load.js';

describe('deprecated retryBackoffMs', () => {
  it('maps the old key to retry.backoffMs', async () => {
    const config = await loadConfig({ retryBackoffMs: 750 });
    expect(config.retry.backoffMs).toBe(750);
  });
  it('warns once', async () => {
    const warn = vi.fn();
    await loadConfig({ retryBackoffMs: 750 }, { warn });
    expect(warn).toHaveBeenCalledTimes(1);
  });
  it('prefers retry.backoffMs when both are set', async () => {
    const config = await loadConfig({ retryBackoffMs: 750, retry: { backoffMs: 300 } });
    expect(config.retry.backoffMs).toBe(300);
  });
});
`;

export const DIFF_STAT = ` CHANGELOG.md                         |  0
 docs/configuration.md                |  4 ++-
 src/config/load.ts                   | 21 ++++++++++---
 src/config/retry.ts                  | 14 +++++++++
 src/http/client.ts                   |  9 +++---
 src/queue/consumer.ts                |  7 ++---
 src/queue/producer.ts                |  7 ++---
 test/config/deprecated-retry.test.ts | 18 +++++++++++
 test/helpers/config.ts               |  2 +-
 test/queue/consumer.test.ts          |  2 +-
 10 files changed, 65 insertions(+), 19 deletions(-)`;

export const README = `# relay

relay moves messages from SQS to webhooks, email and the audit log, with retries and a dead-letter queue.

## Running

    pnpm install
    pnpm build
    NODE_ENV=production node dist/main.js

## Configuration

See [docs/configuration.md](docs/configuration.md). The service refuses to start on an invalid config and
prints every problem it found.

## Operations

Health: \`GET /healthz\`. Metrics are emitted to CloudWatch under the \`relay\` namespace every 60 s.
A message that fails every attempt lands in the DLQ with the last error in its attributes.`;

export const CHANGELOG = `# Changelog

## Unreleased

## 2.7.1 — 2025-03-20
- http client: honour Retry-After on 429 and 503.

## 2.7.0 — 2025-03-02
- consumer: configurable visibility timeout per worker.
- producer: gzip payloads over 64 KiB.`;

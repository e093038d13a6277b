/**
 * A big body through `gardener proxy` (issue 22 rows 3 and 4): a small request of a conversation,
 * then at once one with a tool output of --mb megabytes; meanwhile another conversation sends a
 * tiny request every --every-ms. Prints the big request's status and time, how long the tiny ones
 * took to reach the upstream, the proxy's peak RSS and its event-loop delay.
 *
 *   npx tsx benchmarks/proxy-big-body.ts [--mb 24] [--every-ms 100] [--in-process] [--built]
 *
 * --in-process gardens on the proxy's own thread, as before the garden thread; the client and the
 * upstream run in a child process (benchmarks/proxy-overhead-world.ts). --built runs the proxy from
 * dist/ (build it first), as the CLI does: its threads load no TypeScript loader.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { RequestRecord } from '../src/doors/proxy/records.js';
import type { openProxy as OpenProxy } from '../src/doors/proxy/runtime.js';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '24' },
    'every-ms': { type: 'string', default: '100' },
    'in-process': { type: 'boolean', default: false },
    built: { type: 'boolean', default: false },
  },
});
// --built: the proxy as `gardener proxy` runs it (dist/, `npm run build`), its threads without tsx.
const { openProxy } = (await import(
  values.built ? '../dist/doors/proxy/runtime.js' : '../src/doors/proxy/runtime.js'
)) as { openProxy: typeof OpenProxy };
const BIG_BYTES = Number(values.mb) * 1_000_000;
const EVERY_MS = Number(values['every-ms']);

interface Result {
  tag: string;
  status: number;
  sent: number;
  arrived?: number;
  ended: number;
  error?: string;
  meanwhile?: Array<Result | undefined>;
}
const world = fork(join(import.meta.dirname, 'proxy-overhead-world.ts'), ['50']);
const waiting = new Map<string, (result: Result) => void>();
const upstreamUrl = await new Promise<string>((resolve) => {
  world.on('message', (message: { type: string; url?: string } & Result) => {
    if (message.type === 'ready') resolve(message.url!);
    if (message.type === 'result') waiting.get(message.tag)?.(message);
  });
});
const call = (
  tag: string,
  fields: {
    body?: string;
    bigBytes?: number;
    session?: string;
    meanwhile?: { body: string; everyMs: number };
  },
) =>
  new Promise<Result>((resolve) => {
    waiting.set(tag, resolve);
    world.send({ type: 'call', base: proxy.server.url, tag, ...fields });
  });

const records: RequestRecord[] = [];
const dir = mkdtempSync(join(tmpdir(), 'gardener-big-bench-'));
const proxy = await openProxy({
  upstream: new URL(upstreamUrl),
  host: '127.0.0.1',
  port: 0,
  storePath: join(dir, 'gardener.db'),
  budget: 100_000,
  cwd: dir,
  project: 'bench',
  inProcess: values['in-process'],
  onRecord: (record) => records.push(record),
});

const small = (session: string, text: string) =>
  JSON.stringify({
    model: 'claude-sonnet-4-5',
    max_tokens: 10,
    stream: true,
    metadata: { user_id: JSON.stringify({ session_id: session }) },
    messages: [{ role: 'user', content: text }],
  });

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();

await call('warm', { body: small('big-session', 'run the batch') });
const started = performance.now();
// The tiny requests go out on the client's clock (its own process), each without waiting for the one before.
const bigResult = await call('big', {
  bigBytes: BIG_BYTES,
  session: 'big-session',
  meanwhile: { body: small('other-session', 'a tiny question'), everyMs: EVERY_MS },
});
const tiny = (bigResult.meanwhile ?? []).filter((r): r is Result => r !== undefined);
loop.disable();
clearInterval(sampler);

const toUpstream = tiny.map((r) => (r.arrived ?? r.ended) - r.sent).sort((a, b) => a - b);
const at = (p: number) => toUpstream[Math.min(toUpstream.length - 1, Math.floor(p * toUpstream.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )} on ${os.cpus().length} CPUs · gardening ${values['in-process'] ? 'in process' : 'in the garden thread'}`,
);
console.log(
  `big request (${values.mb} MB tool output): status ${bigResult.status}${bigResult.error ? ` (${bigResult.error})` : ''}, ${ms(bigResult.ended - started)}`,
);
console.log(
  `tiny requests of another conversation meanwhile: ${tiny.length}, statuses ${[...new Set(tiny.map((r) => r.status))].join(',')}; time to the upstream p50 ${ms(at(0.5))} · p95 ${ms(at(0.95))} · max ${ms(at(1))}`,
);
const tinyRecords = records.filter((record) => !record.session?.startsWith('big-session'));
const passed = tinyRecords.filter((record) => record.failOpen);
console.log(
  `  of which gardened ${tinyRecords.length - passed.length}, sent as they came ${passed.length}${passed[0] ? ` (${passed[0].failOpen})` : ''}`,
);
console.log(
  `proxy peak RSS ${(peakRss / 1e6).toFixed(0)} MB · event-loop delay max ${ms(loop.max / 1e6)} p99 ${ms(loop.percentile(99) / 1e6)}`,
);
await proxy.close();
world.send({ type: 'stop' });
rmSync(dir, { recursive: true, force: true });

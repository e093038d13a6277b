/**
 * What `gardener proxy` adds to a request: time before the upstream sees it (p50/p95 over a
 * 200-call tool-heavy session), delay of a streamed answer's first byte, and event-loop delay while
 * gardens settle (perf_hooks.monitorEventLoopDelay). Both added times are also given per window of
 * 100 calls, so a figure that grows with the session shows. Each call is sent twice, side by side: straight
 * to the upstream and through the proxy, with the same history; the figures are the differences.
 *
 *   npx tsx benchmarks/proxy-overhead.ts [--calls 200] [--budget 60000] [--think-ms 300] [--in-process] [--hashes file] [--world-gc-anytime] [--built]
 *
 * --in-process gardens on the proxy's own thread (as before the garden thread), for a comparison;
 * --built runs the proxy from dist/ (`npm run build` first), as `gardener proxy` does: no tsx in its threads.
 * The child process below collects its garbage before each call, so that its own pauses do not land in
 * one of the timed calls at random; --world-gc-anytime lets it collect when V8 likes (as before).
 *
 * The client and the upstream (a minimal SSE server that "thinks" --think-ms before its first byte)
 * run in a child process, benchmarks/proxy-overhead-world.ts, on one clock; the client builds and
 * sends its bodies there too, so the proxy has this process to itself, as in real use. The upstream
 * hashes every body it gets through the proxy: the digest printed at the end changes when anything
 * sent upstream does (--hashes writes each call's, to find the first call two builds differ at).
 *
 * Where the proxy's time goes before the upstream has the body comes from each request's record
 * (`phases`): p50 / p95 of each phase over the session, and the mean of each over the calls whose
 * added time is at or over its p95 (what the slowest calls spent it on).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { openProxy as OpenProxy } from '../src/doors/proxy/runtime.js';
import { watchGc } from './proxy-overhead-gc.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '200' },
    budget: { type: 'string', default: '60000' },
    'think-ms': { type: 'string', default: '300' },
    'in-process': { type: 'boolean', default: false },
    hashes: { type: 'string' },
    'world-gc-anytime': { type: 'boolean', default: false },
    built: { type: 'boolean', default: false },
  },
});
// --built: the proxy as `gardener proxy` runs it (dist/, `npm run build`), its threads without tsx.
const { openProxy } = (await import(
  values.built ? '../dist/doors/proxy/runtime.js' : '../src/doors/proxy/runtime.js'
)) as { openProxy: typeof OpenProxy };
const CALLS = Number(values.calls);
const BUDGET = Number(values.budget);
/** The "model" thinks this long before its first byte (a real one: hundreds of ms or more). */
const THINK_MS = Number(values['think-ms']);

/** The client and the upstream, in a child process: the proxy has this process's event loop to itself. */
const world = fork(join(import.meta.dirname, 'proxy-overhead-world.ts'), [String(THINK_MS)], {
  // It collects before each call (unless asked not to), so its collections fall outside the timed calls.
  execArgv: [...process.execArgv, ...(values['world-gc-anytime'] ? [] : ['--expose-gc'])],
});
interface CallResult {
  tag: string;
  sent: number;
  firstByte: number;
  arrived: number;
  firstWrite: number;
  id: string;
  hash: string;
  /** The world process's collection pauses between `sent` and `arrived`. */
  gcMs: number;
}
type Pair = { n: number; d: CallResult; p: CallResult };
const pairs: Pair[] = [];
let sessionDone: () => void = () => undefined;
const upstreamUrl = await new Promise<string>((resolve) => {
  world.on('message', (message: { type: string; url?: string } & Pair) => {
    if (message.type === 'ready') resolve(message.url!);
    if (message.type === 'pair') pairs.push(message);
    if (message.type === 'session-done') sessionDone();
  });
});

const dir = mkdtempSync(join(tmpdir(), 'gardener-proxy-bench-'));
const gardenMs: number[] = [];
const gardenCpuMs: number[] = [];
const phases: Array<Record<string, number>> = [];
/** When each Messages request came in (epoch ms), in the order they came. */
const arrivedAt: number[] = [];
const proxy = await openProxy({
  upstream: new URL(upstreamUrl),
  host: '127.0.0.1',
  port: 0,
  storePath: join(dir, 'gardener.db'),
  budget: BUDGET,
  cwd: dir,
  project: 'bench',
  inProcess: values['in-process'],
  onRecord: (record) => {
    if (record.gardenMs !== undefined) gardenMs.push(record.gardenMs);
    if (record.gardenCpuMs !== undefined) gardenCpuMs.push(record.gardenCpuMs);
    // Older builds (a before/after comparison) have no phases in their records.
    const phased = (record as { phases?: Record<string, number> }).phases;
    if (record.kind === 'messages') {
      phases.push(phased ?? {});
      arrivedAt.push(record.at);
    }
  },
});

// A client's first call: the proxy gardens only requests whose key the upstream has accepted.
await (
  await fetch(`${proxy.server.url}/v1/models`, { headers: { 'x-api-key': 'bench', 'x-bench-tag': 'key' } })
).text();

const added: number[] = [];
const direct: number[] = [];
/** The world's collection pauses in the call through the proxy, less those in the direct one. */
const worldGc: number[] = [];
const firstByteAdded: number[] = [];
const upstreamBodies = createHash('sha256');
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const gc = watchGc();
// The client's session runs in the child (its bodies are built and sent there): only stamps come back.
await new Promise<void>((resolve) => {
  sessionDone = resolve;
  world.send({ type: 'session', base: upstreamUrl, proxy: proxy.server.url, calls: CALLS });
});
for (const { d, p } of pairs) {
  added.push(p.arrived - p.sent - (d.arrived - d.sent));
  direct.push(d.arrived - d.sent);
  worldGc.push(p.gcMs - d.gcMs);
  firstByteAdded.push(p.firstByte - p.firstWrite - (d.firstByte - d.firstWrite));
  upstreamBodies.update(p.hash);
}
if (values.hashes) writeFileSync(values.hashes, pairs.map(({ p }) => p.hash).join('\n') + '\n');
// Let the last settle finish inside the measured window.
await new Promise((resolve) => setTimeout(resolve, 500));
loop.disable();
gc.stop();

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const tally = proxy.tally();
const row = Object.values(tally.sessions)[0]!;
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);
console.log(`gardening ${values['in-process'] ? 'in process' : 'in the garden thread'}`);
console.log(
  `proxy overhead over a ${CALLS}-call session (budget ${BUDGET}; raw context at the end ${row.rawTokens} tokens, sent ${row.sentTokens}; ${row.events} events)`,
);
console.log(
  `  added time before the upstream sees a request: p50 ${ms(pct(added, 50))} · p95 ${ms(pct(added, 95))} · max ${ms(Math.max(...added))}  (target p95 ≤ 10 ms)`,
);
console.log(
  `    of which gardening (sync + plan + render): p50 ${ms(pct(gardenMs, 50))} · p95 ${ms(pct(gardenMs, 95))} wall; CPU time p50 ${ms(pct(gardenCpuMs, 50))} · p95 ${ms(pct(gardenCpuMs, 95))}`,
);
console.log(
  `  first byte of a streamed answer, added: p50 ${ms(pct(firstByteAdded, 50))} · p95 ${ms(pct(firstByteAdded, 95))} · max ${ms(Math.max(...firstByteAdded))}  (target p95 ≤ 2 ms)`,
);
/** p95 of each run of WINDOW calls: flat when the proxy's cost does not grow with the session. */
const WINDOW = 100;
const windows = (values: number[], p = 95, digits = 1) => {
  const out: string[] = [];
  for (let start = 0; start < values.length; start += WINDOW)
    out.push(pct(values.slice(start, start + WINDOW), p).toFixed(digits));
  return out.join(' ');
};
console.log(`  p95 per ${WINDOW} calls, added before the upstream: ${windows(added)} ms`);
console.log(`  p95 per ${WINDOW} calls, first byte added: ${windows(firstByteAdded)} ms`);
console.log(
  `  direct (no proxy) until the upstream has the body: p50 ${ms(pct(direct, 50))} · p95 ${ms(pct(direct, 95))}; p50 per ${WINDOW} calls ${windows(direct, 50)} ms`,
);
/** Each phase's p50 / p95, its mean over the calls at or over the added p95, and its p50 per window of calls. */
const PHASES = ['read', 'queue', 'parse', 'match', 'engine', 'pricing', 'bytes', 'back', 'send'];
if (phases.some((p) => Object.keys(p).length > 0)) {
  const slow = added.map((a, i) => (a >= pct(added, 95) ? i : -1)).filter((i) => i >= 0);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  console.log(
    `  phases before the upstream has the body (ms): p50 / p95 · mean over the ${slow.length} slowest calls · p50 per ${WINDOW} calls`,
  );
  for (const phase of PHASES) {
    const all = phases.map((p) => p[phase] ?? 0);
    const worst = mean(slow.map((i) => phases[i]?.[phase] ?? 0));
    console.log(
      `    ${phase.padEnd(8)} ${pct(all, 50).toFixed(2)} / ${pct(all, 95).toFixed(2)} · ${worst.toFixed(2)} · ${windows(all, 50, 2)}`,
    );
  }
  // Collection on the proxy's thread while each request was on it (from its arrival to the upstream).
  const collected = phases.map((p, i) => {
    const at = arrivedAt[i]!;
    return gc.within(at, at + PHASES.reduce((sum, phase) => sum + (p[phase] ?? 0), 0));
  });
  console.log(
    `    ${'gc'.padEnd(8)} ${pct(collected, 50).toFixed(2)} / ${pct(collected, 95).toFixed(2)} · ${mean(slow.map((i) => collected[i]!)).toFixed(2)} · ${windows(collected, 95, 2)}  (the proxy thread's, within the phases; p95 per window)`,
  );
  console.log(
    `    ${'world gc'.padEnd(8)} ${pct(worldGc, 50).toFixed(2)} / ${pct(worldGc, 95).toFixed(2)} · ${mean(slow.map((i) => worldGc[i]!)).toFixed(2)} · ${windows(worldGc, 95, 2)}  (the client's and upstream's process: through the proxy less direct; p95 per window)`,
  );
  const counted = gc.counts();
  console.log(
    `    the proxy thread's collections over the session: ${counted.full} full (mark-compact), ${counted.fullMs.toFixed(0)} ms paused with their incremental steps; ${counted.young} young (scavenge), ${counted.youngMs.toFixed(0)} ms`,
  );
  const tail = [...PHASES]
    .map((phase) => mean(slow.map((i) => phases[i]?.[phase] ?? 0)))
    .reduce((a, b) => a + b, 0);
  console.log(
    `    (phases of the slowest calls sum to ${tail.toFixed(1)} ms of their mean added ${mean(slow.map((i) => added[i]!)).toFixed(1)} ms)`,
  );
}
console.log(`  bodies sent upstream through the proxy, digest ${upstreamBodies.digest('hex').slice(0, 16)}`);
console.log(
  `  event-loop delay while serving and settling: p50 ${ms(loop.percentile(50) / 1e6)} · p99 ${ms(loop.percentile(99) / 1e6)} · max ${ms(loop.max / 1e6)}`,
);
await proxy.close();
world.send({ type: 'stop' });
rmSync(dir, { recursive: true, force: true });

/**
 * One huge tool output gardened by the proxy's gardening in this process (issue 22 row 4): a small
 * request of a conversation, then one with --mb megabytes of log. Prints the wall and CPU time of
 * the big request's gardening (parse, sync, plan, render, storing the block), the process's peak RSS
 * over it (sampled every 2 ms from a second thread: the gardening holds this one), and the heap
 * left after it.
 *
 *   npx tsx benchmarks/garden-huge-block.ts [--mb 100]
 *
 * Run each size in its own process: CPU time is the process's (nothing else runs meanwhile).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { createProxyGardener } from '../src/doors/proxy/gardening.js';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '100' } },
});
const MB = Number(values.mb);
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const peak = new Float64Array(new SharedArrayBuffer(8));
const sampler = new Worker(
  `const { workerData: peak } = require('node:worker_threads');
   setInterval(() => { const rss = process.memoryUsage.rss(); if (rss > peak[0]) peak[0] = rss; }, 2);`,
  { eval: true, workerData: peak },
);

const dir = mkdtempSync(join(tmpdir(), 'gardener-huge-block-'));
const gardener = createProxyGardener({
  storePath: join(dir, 'g.db'),
  budget: 100_000,
  cwd: dir,
  project: 'bench',
});
const body = (messages: unknown[]) =>
  Buffer.from(
    JSON.stringify({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      metadata: { user_id: JSON.stringify({ session_id: 'huge' }) },
      messages,
    }),
  );
const ask = { role: 'user', content: 'run the batch' };
gardener.garden(body([ask]), {});
const line = 'INFO worker 17 processed batch 12345 in 42 ms status=ok\n';
let raw: Buffer | undefined = body([
  ask,
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_big', name: 'Bash', input: {} }] },
  {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'toolu_big',
        content: line.repeat(Math.ceil((MB * 1e6) / line.length)),
      },
    ],
  },
]);
const bytes = raw.length;
gc();
const before = process.memoryUsage();
peak[0] = before.rss;
const started = performance.now();
const cpu = process.cpuUsage();
let gardened: ReturnType<typeof gardener.garden> | undefined = gardener.garden(raw, {});
const spent = process.cpuUsage(cpu);
const wall = performance.now() - started;
raw = undefined;
const { record } = gardened;
gardened = undefined;
gc();
const after = process.memoryUsage();
const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);
console.log(
  `${mb(bytes)} body: gardened ${record.gardened} (${record.failOpen ?? 'ok'}), ${record.rawTokens} → ${record.sentTokens} tokens; wall ${wall.toFixed(0)} ms, CPU ${((spent.user + spent.system) / 1000).toFixed(0)} ms`,
);
console.log(
  `RSS before ${mb(before.rss)} (the body's bytes made), peak +${mb(peak[0] - before.rss)}; heap after ${mb(after.heapUsed)} (before ${mb(before.heapUsed)})`,
);
await sampler.terminate();
await gardener.close();
rmSync(dir, { recursive: true, force: true });

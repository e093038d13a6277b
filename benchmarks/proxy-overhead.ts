/**
 * What `gardener proxy` adds to a request: time before the upstream sees it (p50/p95 over a
 * 200-call tool-heavy session), delay of a streamed answer's first byte, and event-loop delay while
 * gardens settle (perf_hooks.monitorEventLoopDelay). Each call is sent twice, side by side: straight
 * to the upstream and through the proxy, with the same history; the figures are the differences.
 *
 *   npx tsx benchmarks/proxy-overhead.ts [--calls 200] [--budget 60000]
 *
 * The upstream is a minimal SSE server in this process that stamps when each request arrived and
 * when it wrote the first byte, so both clocks are the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openProxy } from '../src/proxy/runtime.js';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '200' }, budget: { type: 'string', default: '60000' } },
});
const CALLS = Number(values.calls);
const BUDGET = Number(values.budget);
/** The "model" thinks this long before its first byte (as a real one does). */
const THINK_MS = 5;

interface Stamp {
  arrived: number;
  firstWrite: number;
}
const stamps = new Map<string, Stamp>();

const upstream = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const arrived = performance.now();
    const tag = String(req.headers['x-bench-tag']);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { messages: unknown[] };
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const id = `toolu_${tag.replace(/\W/g, '')}`;
      const start = {
        type: 'message_start',
        message: {
          id: `msg_${id}`,
          type: 'message',
          role: 'assistant',
          model: 'm',
          content: [],
          stop_reason: null,
          usage: { input_tokens: Math.round(JSON.stringify(body).length / 4), output_tokens: 1 },
        },
      };
      res.write(`event: message_start\ndata: ${JSON.stringify(start)}\n\n`);
      stamps.set(tag, { arrived, firstWrite: performance.now() });
      const events = [
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id, name: 'Bash', input: {} },
        },
        {
          type: 'content_block_delta',
          index: 0,
          delta: {
            type: 'input_json_delta',
            partial_json: JSON.stringify({ command: `pytest -k case_${tag}` }),
          },
        },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 12 } },
        { type: 'message_stop' },
      ];
      for (const event of events) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      res.end();
    }, THINK_MS);
  });
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

const dir = mkdtempSync(join(tmpdir(), 'gardener-proxy-bench-'));
const gardenMs: number[] = [];
const gardenCpuMs: number[] = [];
const proxy = await openProxy({
  upstream: new URL(upstreamUrl),
  host: '127.0.0.1',
  port: 0,
  storePath: join(dir, 'gardener.db'),
  budget: BUDGET,
  cwd: dir,
  project: 'bench',
  onRecord: (record) => {
    if (record.gardenMs !== undefined) gardenMs.push(record.gardenMs);
    if (record.gardenCpuMs !== undefined) gardenCpuMs.push(record.gardenCpuMs);
  },
});

/** A test-runner log of about 2k tokens, different every call. */
function output(call: number): string {
  const lines = [`$ pytest tests/test_case_${call}.py -v`];
  for (let i = 0; i < 90; i++)
    lines.push(`tests/test_case_${call}.py::test_${i}_${(call * 7919 + i) % 1000} PASSED [${i}%]`);
  if (call % 5 === 0)
    lines.push(
      `FAILED tests/test_case_${call}.py::test_edge - AssertionError: expected ${call} got ${call + 1}`,
    );
  return lines.join('\n');
}

/** Sends one streamed request; resolves with when it was sent, its first byte, its end and the tool call. */
async function send(base: string, tag: string, body: string) {
  const sent = performance.now();
  const response = await fetch(`${base}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'bench', 'x-bench-tag': tag },
    body,
  });
  const reader = response.body!.getReader();
  let firstByte = 0;
  let text = '';
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now();
    text += decoder.decode(value, { stream: true });
  }
  const id = /"id":"(toolu_\w+)"/.exec(text)?.[1] ?? 'toolu_x';
  return { sent, firstByte, end: performance.now(), id };
}

const history: Array<{ role: string; content: Array<Record<string, unknown>> }> = [
  { role: 'user', content: [{ type: 'text', text: 'Run the whole test suite, case by case.' }] },
];
const added: number[] = [];
const firstByteAdded: number[] = [];
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
for (let call = 0; call < CALLS; call++) {
  const body = JSON.stringify({
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    stream: true,
    metadata: { user_id: JSON.stringify({ session_id: 'bench-session' }) },
    system: [{ type: 'text', text: 'You are a coding agent.', cache_control: { type: 'ephemeral' } }],
    messages: history,
  });
  const direct = await send(upstreamUrl, `d${call}`, body);
  const viaProxy = await send(proxy.server.url, `p${call}`, body);
  const d = stamps.get(`d${call}`)!;
  const p = stamps.get(`p${call}`)!;
  added.push(p.arrived - viaProxy.sent - (d.arrived - direct.sent));
  firstByteAdded.push(viaProxy.firstByte - p.firstWrite - (direct.firstByte - d.firstWrite));
  history.push({
    role: 'assistant',
    content: [{ type: 'tool_use', id: viaProxy.id, name: 'Bash', input: { command: 'pytest' } }],
  });
  history.push({
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: viaProxy.id, content: output(call) }],
  });
}
// Let the last settle finish inside the measured window.
await new Promise((resolve) => setTimeout(resolve, 500));
loop.disable();

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
console.log(
  `proxy overhead over a ${CALLS}-call session (budget ${BUDGET}; raw context at the end ${row.rawTokens} tokens, sent ${row.sentTokens}; ${row.events} events)`,
);
console.log(
  `  added time before the upstream sees a request: p50 ${ms(pct(added, 50))} · p95 ${ms(pct(added, 95))} · max ${ms(Math.max(...added))}  (target p95 ≤ 20 ms)`,
);
console.log(
  `    of which gardening (sync + plan + render): p50 ${ms(pct(gardenMs, 50))} · p95 ${ms(pct(gardenMs, 95))} wall; CPU time p50 ${ms(pct(gardenCpuMs, 50))} · p95 ${ms(pct(gardenCpuMs, 95))}`,
);
console.log(
  `  first byte of a streamed answer, added: p50 ${ms(pct(firstByteAdded, 50))} · p95 ${ms(pct(firstByteAdded, 95))} · max ${ms(Math.max(...firstByteAdded))}  (target ≤ 5 ms)`,
);
console.log(
  `  event-loop delay while serving and settling: p50 ${ms(loop.percentile(50) / 1e6)} · p99 ${ms(loop.percentile(99) / 1e6)} · max ${ms(loop.max / 1e6)}`,
);
await proxy.close();
upstream.close();
rmSync(dir, { recursive: true, force: true });

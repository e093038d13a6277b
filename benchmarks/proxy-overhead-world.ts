// The world around the proxy for benchmarks/proxy-overhead.ts, in its own process (as Claude Code and
// the API are): a minimal SSE upstream that stamps when a request arrived and when it wrote its first
// byte, and a client that stamps when it sent and when the first byte came. One clock for all stamps.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { watchGc } from './proxy-overhead-gc.js';

const THINK_MS = Number(process.argv[2] ?? 300);
const stamps = new Map<string, { arrived: number; firstWrite: number; hash: string }>();
/** This process's collections: a pause while a call is on its way is the world's time, not the proxy's. */
const gc = watchGc();

const upstream = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const arrived = performance.now();
    const tag = String(req.headers['x-bench-tag']);
    const received = Buffer.concat(chunks);
    const size = received.length;
    const hash = createHash('sha256').update(received).digest('hex').slice(0, 16);
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const id = `toolu_${tag.replace(/\W/g, '')}`;
      const frame = (data: { type: string; [key: string]: unknown }) =>
        `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
      const usage = { input_tokens: Math.round(size / 4), output_tokens: 1 };
      const message = {
        id: `msg_${id}`,
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [],
        stop_reason: null,
        usage,
      };
      res.write(frame({ type: 'message_start', message }));
      stamps.set(tag, { arrived, firstWrite: performance.now(), hash });
      const input = JSON.stringify({ command: `pytest -k case_${tag}` });
      res.write(
        frame({
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id, name: 'Bash', input: {} },
        }),
      );
      res.write(
        frame({
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: input },
        }),
      );
      res.write(frame({ type: 'content_block_stop', index: 0 }));
      res.write(
        frame({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 12 } }),
      );
      res.end(frame({ type: 'message_stop' }));
    }, THINK_MS);
  });
});

/** A request: the body as given, or (benchmarks/proxy-big-body.ts) one tool output of `bigBytes` made here. */
interface Call {
  base: string;
  tag: string;
  body?: string;
  bigBytes?: number;
  session?: string;
  /** While this call runs, send these bodies one every `everyMs` (on this process's clock) and report them too. */
  meanwhile?: { body: string; everyMs: number };
}

function bigBody(bytes: number, session: string): string {
  const line = 'INFO worker 17 processed batch 12345 in 42 ms status=ok\n';
  const output = line.repeat(Math.ceil(bytes / line.length));
  return JSON.stringify({
    model: 'claude-sonnet-4-5',
    max_tokens: 100,
    stream: true,
    metadata: { user_id: JSON.stringify({ session_id: session }) },
    messages: [
      { role: 'user', content: 'run the batch' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_big', name: 'Bash', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_big', content: output }] },
    ],
  });
}

async function call({ base, tag, body: given, bigBytes, session, meanwhile }: Call) {
  const body = bigBytes ? bigBody(bigBytes, session ?? 'big') : given!;
  const others: Array<Promise<unknown>> = [];
  const ticker = meanwhile
    ? setInterval(() => {
        const n = others.length;
        others.push(
          call({ base, tag: `${tag}-meanwhile-${n}`, body: meanwhile.body }).catch(() => undefined),
        );
      }, meanwhile.everyMs)
    : undefined;
  try {
    return { ...(await one(base, tag, body)), meanwhile: await stop(ticker, others) };
  } finally {
    clearInterval(ticker);
  }
}

async function stop(ticker: NodeJS.Timeout | undefined, others: Array<Promise<unknown>>) {
  clearInterval(ticker);
  return Promise.all(others);
}

async function one(base: string, tag: string, body: string) {
  const sent = performance.now();
  const response = await fetch(`${base}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'bench', 'x-bench-tag': tag },
    body,
  });
  const status = response.status;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let firstByte = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now();
    text += decoder.decode(value, { stream: true });
  }
  const stamp = stamps.get(tag);
  const origin = performance.timeOrigin;
  return {
    gcMs: stamp ? gc.within(origin + sent, origin + stamp.arrived) : 0,
    tag,
    status,
    sent,
    firstByte,
    ended: performance.now(),
    ...stamp,
    id: /"id":"(toolu_\w+)"/.exec(text)?.[1] ?? 'toolu_x',
  };
}

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

/**
 * A full collection now, when this process runs with --expose-gc: the megabytes each call builds,
 * sends and receives here would otherwise be collected in the middle of some later call, direct or
 * through the proxy at random, and count as the proxy's time (or against it).
 */
function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * benchmarks/proxy-overhead.ts's session, driven from here so that building and sending its bodies
 * (megabytes by the end) costs the proxy's process nothing: each call straight to the upstream, then
 * the same body through the proxy; only the stamps go back.
 */
async function session({ direct, proxy, calls }: { direct: string; proxy: string; calls: number }) {
  const history: Array<{ role: string; content: Array<Record<string, unknown>> }> = [
    { role: 'user', content: [{ type: 'text', text: 'Run the whole test suite, case by case.' }] },
  ];
  for (let n = 0; n < calls; n++) {
    const body = JSON.stringify({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      stream: true,
      metadata: { user_id: JSON.stringify({ session_id: 'bench-session' }) },
      system: [{ type: 'text', text: 'You are a coding agent.', cache_control: { type: 'ephemeral' } }],
      messages: history,
    });
    collect();
    const d = await one(direct, `d${n}`, body);
    collect();
    const p = await one(proxy, `p${n}`, body);
    process.send!({ type: 'pair', n, d, p });
    history.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: p.id, name: 'Bash', input: { command: 'pytest' } }],
    });
    history.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: p.id, content: output(n) }],
    });
  }
  process.send!({ type: 'session-done' });
}

upstream.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'ready', url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
});
process.on('message', (message: { type: string } & Call & { proxy: string; calls: number }) => {
  if (message.type === 'session') void session({ direct: message.base, ...message });
  if (message.type === 'call')
    void call(message).then(
      (result) => process.send!({ type: 'result', ...result }),
      (error: unknown) =>
        process.send!({
          type: 'result',
          tag: message.tag,
          status: 0,
          error: String(error),
          ended: performance.now(),
        }),
    );
  if (message.type === 'stop') {
    gc.stop();
    upstream.close(() => process.exit(0));
  }
});

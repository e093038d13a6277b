// The world around the proxy for benchmarks/proxy-overhead.ts, in its own process (as Claude Code and
// the API are): a minimal SSE upstream that stamps when a request arrived and when it wrote its first
// byte, and a client that stamps when it sent and when the first byte came. One clock for all stamps.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const THINK_MS = Number(process.argv[2] ?? 300);
const stamps = new Map<string, { arrived: number; firstWrite: number }>();

const upstream = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const arrived = performance.now();
    const tag = String(req.headers['x-bench-tag']);
    const size = Buffer.concat(chunks).length;
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
      stamps.set(tag, { arrived, firstWrite: performance.now() });
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

async function call({ base, tag, body }: { base: string; tag: string; body: string }) {
  const sent = performance.now();
  const response = await fetch(`${base}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'bench', 'x-bench-tag': tag },
    body,
  });
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
  return { tag, sent, firstByte, ...stamp, id: /"id":"(toolu_\w+)"/.exec(text)?.[1] ?? 'toolu_x' };
}

upstream.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'ready', url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
});
process.on('message', (message: { type: string; base: string; tag: string; body: string }) => {
  if (message.type === 'call')
    void call(message).then((result) => process.send!({ type: 'result', ...result }));
  if (message.type === 'stop') upstream.close(() => process.exit(0));
});

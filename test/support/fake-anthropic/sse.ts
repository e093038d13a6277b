import type { ServerResponse } from 'node:http';
import type { Message } from './script.js';

type Event = { event: string; data: Record<string, unknown> };

/** Splits text into `parts` roughly equal chunks (at least one). */
export function chunks(text: string, parts: number): string[] {
  if (text.length === 0) return [''];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The API's event sequence for a message: start, ping, one start/deltas/stop per block, delta, stop. */
export function messageEvents(message: Message): Event[] {
  const { content, usage, context_management, ...rest } = message;
  const events: Event[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: { ...rest, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
      },
    },
    { event: 'ping', data: { type: 'ping' } },
  ];
  const delta = (index: number, d: Record<string, unknown>): Event => ({
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index, delta: d },
  });
  content.forEach((block, index) => {
    let start: Record<string, unknown>;
    const deltas: Event[] = [];
    if (block['type'] === 'text') {
      start = { type: 'text', text: '' };
      for (const part of chunks(block['text'], 3))
        deltas.push(delta(index, { type: 'text_delta', text: part }));
    } else if (block['type'] === 'tool_use') {
      start = { type: 'tool_use', id: block['id'], name: block['name'], input: {} };
      for (const part of chunks(JSON.stringify(block['input'] ?? {}), 3))
        deltas.push(delta(index, { type: 'input_json_delta', partial_json: part }));
    } else if (block['type'] === 'redacted_thinking') {
      start = { type: 'redacted_thinking', data: block['data'] };
    } else {
      start = { type: 'thinking', thinking: '', signature: '' };
      for (const part of chunks(block['thinking'], 2))
        deltas.push(delta(index, { type: 'thinking_delta', thinking: part }));
      deltas.push(delta(index, { type: 'signature_delta', signature: block['signature'] }));
    }
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: start },
    });
    events.push(...deltas);
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage,
      ...(context_management ? { context_management } : {}),
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Streams the events; with `cutAfter` the socket is destroyed after that many events.
 * Stops early when the client goes away.
 */
export async function writeEvents(
  res: ServerResponse,
  events: Event[],
  options: { delayMs?: number; cutAfter?: number } = {},
): Promise<void> {
  for (const [i, { event, data }] of events.entries()) {
    if (options.cutAfter !== undefined && i >= options.cutAfter) {
      res.socket?.destroy();
      return;
    }
    if (res.destroyed || res.writableEnded) return;
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    // Before a cut, wait until each frame is handed to the socket so the client sees it.
    if (options.cutAfter !== undefined) await new Promise((resolve) => res.write(frame, resolve));
    else res.write(frame);
    if (options.delayMs) await sleep(options.delayMs);
  }
  res.end();
}
